package goap

import (
	"math"
	"testing"
)

// The cost grain is the coarsest power of two (at most 1) dividing every
// action cost, none with a CostFunc or costs such as 0.1; the heuristic is
// raised to the next multiple of it, tolerating rounding error.
func TestCostGrainRoundsHeuristicUp(t *testing.T) {
	cases := []struct {
		costs []float64
		cf    bool
		grain float64
	}{
		{[]float64{1, 3, 2}, false, 1},
		{[]float64{0, 4}, false, 1},
		{[]float64{1, 0.5, 2}, false, 0.5},
		{[]float64{0.25, 0.75}, false, 0.25},
		{[]float64{1, 0.1}, false, 0},
		{[]float64{1, 2}, true, 0},
	}
	for _, c := range cases {
		var actions []*Action
		for i, cost := range c.costs {
			a := act("A"+string(rune('a'+i)), cost, nil, Add("n", 1))
			actions = append(actions, a)
		}
		if c.cf {
			actions[0].CostFunc = func(StateReader) float64 { return 1 }
		}
		p := &Planner{}
		if _, err := p.Plan(ws("n", 0), goal("n", Cond("n", OpGe, Number(1))), actions); err != nil {
			t.Fatalf("%v: %v", c.costs, err)
		}
		if p.grain != c.grain {
			t.Fatalf("costs %v (CostFunc %v): grain %v, want %v", c.costs, c.cf, p.grain, c.grain)
		}
	}
	p := &Planner{grain: 1}
	for _, c := range [][2]float64{{17.5, 18}, {23.99999999, 24}, {24.0000001, 24}, {24.01, 25}, {0, 0}, {math.Inf(1), math.Inf(1)}} {
		if got := p.roundToGrain(c[0]); got != c[1] {
			t.Fatalf("roundToGrain(%v) = %v, want %v", c[0], got, c[1])
		}
	}
	p.grain = 0.5
	if got := p.roundToGrain(17.2); got != 17.5 {
		t.Fatalf("grain 0.5: roundToGrain(17.2) = %v", got)
	}
	p.grain = 0
	if got := p.roundToGrain(17.2); got != 17.2 {
		t.Fatalf("no grain: roundToGrain(17.2) = %v", got)
	}
}
