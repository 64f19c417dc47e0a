package goap

import "testing"

// BenchmarkFearGoalChoice: one goal choice plus plan (PlanGoals, as the
// Agent's Idle state does) in the F.E.A.R.-sized domain (120 actions, 70
// goals, fear_domain_test.go), warm Planner, per situation.
func BenchmarkFearGoalChoice(b *testing.B) {
	actions, goals := fearDomain()
	for _, s := range fearSituations() {
		b.Run(s.name, func(b *testing.B) {
			p := &Planner{}
			var plan Plan
			b.ReportAllocs()
			for b.Loop() {
				var err error
				if plan, err = p.PlanGoals(s.start, goals, actions); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(plan.Len()), "steps")
		})
	}
}
