package goap

import (
	"testing"
)

// Benchmarks. Run: go test -run '^$' -bench . -benchmem ./stdlib/goap
// Each reports ns/plan (= ns/op), plans/s and nodes expanded per plan.

func reportPlan(b *testing.B, expanded int) {
	b.ReportMetric(float64(expanded), "expanded/plan")
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(b.N)/s, "plans/s")
	}
}

// BenchmarkPlanCrafting30: A* on the 30-action crafting domain (optimal
// plan: 12 steps, cost 19), warm Planner reused across plans.
func BenchmarkPlanCrafting30(b *testing.B) {
	start, g, actions := craftingDomain()
	p := &Planner{}
	var plan Plan
	b.ReportAllocs()
	for b.Loop() {
		var err error
		plan, err = p.Plan(start, g, actions)
		if err != nil || plan.Cost != craftingCost {
			b.Fatal(plan, err)
		}
	}
	reportPlan(b, plan.Expanded)
}

// BenchmarkPlanCrafting30NoHeuristic: the same with h = 0 (uniform cost).
func BenchmarkPlanCrafting30NoHeuristic(b *testing.B) {
	start, g, actions := craftingDomain()
	p := &Planner{DisableHeuristic: true}
	var plan Plan
	b.ReportAllocs()
	for b.Loop() {
		plan, _ = p.Plan(start, g, actions)
	}
	reportPlan(b, plan.Expanded)
}

// BenchmarkPlanReuse: the 2-action MineOre/BuyFood plan (3 steps).
func BenchmarkPlanReuse(b *testing.B) {
	actions := []*Action{
		act("MineOre", 10, nil, Set("money", T)),
		act("BuyFood", 2, pre(Is("money", T)), Set("food", T), Set("money", F)),
	}
	start := ws("money", false, "food", false)
	g := goal("both", Is("money", T), Is("food", T))
	p := &Planner{}
	var plan Plan
	b.ReportAllocs()
	for b.Loop() {
		plan, _ = p.Plan(start, g, actions)
	}
	reportPlan(b, plan.Expanded)
}

// BenchmarkSmall8 compares the seed's exhaustive permutation planner with
// A* on the 8-action domain the seed can still finish (same optimal cost).
func BenchmarkSmall8(b *testing.B) {
	start, g, actions := smallDomain()
	b.Run("seed-exhaustive", func(b *testing.B) {
		nodes := 0
		b.ReportAllocs()
		for b.Loop() {
			var cost float64
			_, cost, nodes, _ = seedPlan(actions, start, g)
			if cost != smallCost {
				b.Fatal(cost)
			}
		}
		b.ReportMetric(float64(nodes), "nodes/plan")
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "plans/s")
	})
	b.Run("astar", func(b *testing.B) {
		p := &Planner{}
		var plan Plan
		b.ReportAllocs()
		for b.Loop() {
			plan, _ = p.Plan(start, g, actions)
			if plan.Cost != smallCost {
				b.Fatal(plan)
			}
		}
		reportPlan(b, plan.Expanded)
	})
}

// BenchmarkAgentTick: one Agent.Update of an agent executing the crafting
// plan in a loop (planning rounds included, amortised).
func BenchmarkAgentTick(b *testing.B) {
	start, g, actions := craftingDomain()
	s := &scripted{world: start.Clone(), goals: []*Goal{g}}
	for _, a := range actions {
		a.Behavior = &BehaviorFuncs{OnPerform: func(a *Action, agent any) bool { a.Apply(s.world); return true }}
	}
	ag := NewAgent(s, actions...)
	ag.BackoffInitial = -1
	b.ReportAllocs()
	for b.Loop() {
		s.calls = s.calls[:0]
		ag.Update()
		if ag.StateName() == StateIdle && ag.Goal() == nil {
			if v, _ := s.world.Get("hasSword"); v.Equal(T) {
				s.world = start.Clone()
			}
		}
	}
}
