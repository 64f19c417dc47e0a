package schedule

import (
	"slices"
	"testing"
	"time"
)

// TestPlanAsksOnlyReachedSlots: a frame asks active(i) only of the due
// slots the round-robin reaches, in round-robin order, not of those the
// budget leaves waiting; an inactive slot reached costs nothing, so the
// frame goes on past it.
func TestPlanAsksOnlyReachedSlots(t *testing.T) {
	ms := time.Millisecond
	agents := newAgents(6, 0, 2*ms)
	agents[3].active = false
	var p Planner
	p.SetBudget(5 * ms)
	var asked []int
	plan := func(clock float64) []int32 {
		asked = asked[:0]
		p.Plan(clock, 0.1, len(agents), 1, func(i int) Item { return Item{Slot: &agents[i].slot} },
			func(i int) bool { asked = append(asked, i); return agents[i].active })
		for _, i := range p.Ran() {
			if agents[i].active {
				p.Observe(&agents[i].slot, agents[i].cost)
			}
		}
		return slices.Clone(p.Ran())
	}
	// Nothing measured: one agent (0) the first frame.
	if ran := plan(0.1); !slices.Equal(ran, []int32{0}) || !slices.Equal(asked, []int{0, 1}) {
		t.Fatalf("frame 1: ran %v, asked %v; want [0], [0 1]", ran, asked)
	}
	// From the cursor (1), typical cost 2 ms, budget 5 ms: 1 and 2 (4 ms),
	// 3 (inactive, free), then 4 would go over; 5 and 0 are not asked.
	if ran := plan(0.2); !slices.Equal(ran, []int32{1, 2, 3}) || !slices.Equal(asked, []int{1, 2, 3, 4}) {
		t.Fatalf("frame 2: ran %v, asked %v; want [1 2 3], [1 2 3 4]", ran, asked)
	}
}

// TestObserveUpdatesHeldSlot: a cost observed between two plans is the
// one the next plan budgets with (the planner's copy follows the slot).
func TestObserveUpdatesHeldSlot(t *testing.T) {
	ms := time.Millisecond
	agents := newAgents(3, 0, ms)
	var p Planner
	p.SetBudget(10 * ms)
	item := func(i int) Item { return Item{Slot: &agents[i].slot} }
	p.Plan(0.1, 0.1, 3, 1, item, nil)
	for _, a := range agents {
		p.Observe(&a.slot, ms)
	}
	p.Plan(0.2, 0.1, 3, 1, item, nil)
	if !slices.Equal(p.Ran(), []int32{0, 1, 2}) {
		t.Fatalf("ran %v, want all three", p.Ran())
	}
	// Agent 0 becomes slow: many measures of 9 ms between two plans.
	// From the cursor (1, where the first frame stopped): 1 and 2 (2 ms),
	// then 0 would go over; with the cost the planner read at its last
	// rebuild (1 ms) all three would fit.
	for range 40 {
		p.Observe(&agents[0].slot, 9*ms)
	}
	cost, _ := agents[0].slot.Cost()
	if cost < 8*ms {
		t.Fatalf("estimate %v, want near 9ms", cost)
	}
	n := p.Plan(0.3, 0.1, 3, 1, item, nil)
	if n != 2 || !slices.Equal(p.Ran(), []int32{1, 2}) {
		t.Fatalf("ran %v (%d), want [1 2]: 0 at %v does not fit after them", p.Ran(), n, cost)
	}
}
