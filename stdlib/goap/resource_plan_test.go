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

// resourceOptimal is the optimal cost of each domain of resourceFamily,
// found by the independent uniform-cost search of ucs_test.go (up to
// 131544 states settled; 7 s for the family on 2 cores, so it is
// checked in full by BenchmarkResourceFamilyUCS and, in every go test,
// on the domains that settle fewer than ucsQuick states).
var resourceOptimal = map[string]float64{
	"seed1-tiers1-actions20": 8, "seed2-tiers1-actions20": 15, "seed3-tiers1-actions20": 9, "seed4-tiers1-actions20": 9,
	"seed1-tiers2-actions20": 18, "seed2-tiers2-actions20": 20, "seed3-tiers2-actions20": 18, "seed4-tiers2-actions20": 18,
	"seed1-tiers1-actions30": 8, "seed2-tiers1-actions30": 15, "seed3-tiers1-actions30": 9, "seed4-tiers1-actions30": 9,
	"seed1-tiers2-actions30": 18, "seed2-tiers2-actions30": 20, "seed3-tiers2-actions30": 18, "seed4-tiers2-actions30": 18,
	"seed1-tiers3-actions30": 25, "seed2-tiers3-actions30": 26, "seed3-tiers3-actions30": 26, "seed4-tiers3-actions30": 21,
}

// ucsQuick is the most states the uniform-cost search may settle in
// TestResourceOptimalCosts; the bigger domains are left to
// BenchmarkResourceFamilyUCS.
const ucsQuick = 10000

// The planner's default (optimal) mode returns a plan of the optimal cost
// (resourceOptimal) on every generated domain of up to 15 steps; the plan
// replays (Plan checks it) and is no longer than 15 steps.
func TestPlanOptimalOnResourceChains(t *testing.T) {
	p := &Planner{}
	longest := 0
	for _, spec := range resourceFamily() {
		start, g, actions := resourceDomain(spec)
		if len(actions) != spec.Actions {
			t.Fatalf("%v: %d actions", spec, len(actions))
		}
		want, ok := resourceOptimal[spec.String()]
		if !ok {
			t.Fatalf("%v: no optimal cost in resourceOptimal", spec)
		}
		plan, err := p.Plan(start, g, actions)
		if err != nil {
			t.Fatalf("%v: %v", spec, err)
		}
		if plan.Cost != want {
			t.Fatalf("%v: cost %v, optimal %v\nplan %v", spec, plan.Cost, want, plan)
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

// checkResourceOptimal compares resourceOptimal with the uniform-cost
// search on the domains it settles within limit states, and returns how
// many it checked.
func checkResourceOptimal(tb testing.TB, limit int) int {
	checked := 0
	for _, spec := range resourceFamily() {
		start, g, actions := resourceDomain(spec)
		cost, steps, ok, settled := ucsOptimal(start, g, actions, limit)
		if !ok {
			continue // over limit: left to the benchmark
		}
		if want := resourceOptimal[spec.String()]; cost != want {
			tb.Fatalf("%v: uniform-cost search finds %v (%d steps, %d states settled), resourceOptimal says %v", spec, cost, steps, settled, want)
		}
		checked++
	}
	return checked
}

// The optimal costs of the smaller domains are the uniform-cost search's.
func TestResourceOptimalCosts(t *testing.T) {
	if n := checkResourceOptimal(t, ucsQuick); n != 12 {
		t.Fatalf("%d domains checked within %d states, want 12", n, ucsQuick)
	}
}

// BenchmarkResourceFamilyUCS checks every optimal cost of resourceOptimal
// with the uniform-cost search (go test -run '^$' -bench
// ResourceFamilyUCS -benchtime 1x ./stdlib/goap); it fails on a
// mismatch.
func BenchmarkResourceFamilyUCS(b *testing.B) {
	for b.Loop() {
		if n := checkResourceOptimal(b, 2000000); n != len(resourceOptimal) {
			b.Fatalf("%d domains solved by the uniform-cost search, want %d", n, len(resourceOptimal))
		}
	}
}
