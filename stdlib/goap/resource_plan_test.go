package goap

import (
	"testing"
)

// resourceFamily is the generated family checked for optimality: every
// domain of 20 actions with 1 or 2 tiers and of 30 actions with 1 to 3
// tiers, seeds 1-4 (optimal plans of up to 15 steps).
func resourceFamily() []resourceSpec {
	var specs []resourceSpec
	for _, n := range []int{20, 30} {
		for tiers := 1; tiers <= n/10; tiers++ {
			for seed := uint64(1); seed <= 4; seed++ {
				specs = append(specs, resourceSpec{Seed: seed, Tiers: tiers, Actions: n})
			}
		}
	}
	return specs
}

// The planner's default (optimal) mode returns a plan of the cost found by
// the independent uniform-cost search of ucs_test.go on every generated
// domain of up to 15 steps; the plan replays (Plan checks it) and is no
// longer than 15 steps.
func TestPlanOptimalOnResourceChains(t *testing.T) {
	p := &Planner{}
	longest := 0
	for _, spec := range resourceFamily() {
		start, g, actions := resourceDomain(spec)
		if len(actions) != spec.Actions {
			t.Fatalf("%v: %d actions", spec, len(actions))
		}
		want, steps, ok, settled := ucsOptimal(start, g, actions, 2000000)
		if !ok {
			t.Fatalf("%v: uniform-cost search found no plan (%d states settled)", spec, settled)
		}
		plan, err := p.Plan(start, g, actions)
		if err != nil {
			t.Fatalf("%v: %v", spec, err)
		}
		if plan.Cost != want {
			t.Fatalf("%v: cost %v, uniform-cost search %v (%d steps)\nplan %v", spec, plan.Cost, want, steps, plan)
		}
		if plan.Len() > 15 {
			t.Fatalf("%v: %d steps, family is meant to stay within 15", spec, plan.Len())
		}
		longest = max(longest, plan.Len())
	}
	if longest != 15 {
		t.Fatalf("longest optimal plan in the family has %d steps, want 15", longest)
	}
}
