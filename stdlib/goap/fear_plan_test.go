package goap

import (
	"testing"
)

// The F.E.A.R.-sized domain has 120 actions and 70 goals, and in each
// situation PlanGoals picks the goal pinned here (the highest-priority one
// with a plan: UseTurret and Escape never have one) with a plan of the
// optimal cost found by the independent uniform-cost search.
func TestFearGoalChoice(t *testing.T) {
	actions, goals := fearDomain()
	if len(actions) != 120 || len(goals) != 70 {
		t.Fatalf("%d actions, %d goals; want 120, 70", len(actions), len(goals))
	}
	want := map[string]string{"combat": "KillEnemy", "underfire": "KillEnemy", "disturbance": "Investigate", "wounded": "Heal"}
	p := &Planner{}
	for _, s := range fearSituations() {
		plan, err := p.PlanGoals(s.start, goals, actions)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		cost, _, ok, settled := ucsOptimal(s.start, plan.Goal, actions, 2000000)
		if !ok || plan.Cost != cost {
			t.Errorf("%s: goal %s: plan %v, uniform-cost search %v (found %v, %d states settled)", s.name, plan.Goal.Name, plan, cost, ok, settled)
		}
		tried := 0
		for _, g := range goals {
			if !g.SatisfiedBy(s.start) && g.Priority >= plan.Goal.Priority {
				tried++
			}
		}
		t.Logf("%s: goal %s (%d goals at its priority or above), plan %v", s.name, plan.Goal.Name, tried, plan)
		if plan.Goal.Name != want[s.name] {
			t.Errorf("%s: goal %q, want %q", s.name, plan.Goal.Name, want[s.name])
		}
	}
}
