package goap

import (
	"math"
	"testing"
)

// LM-cut adds up independent needs where h_max takes only the dearest:
// fetching three things from three places costs every move and every
// pick-up (9, the optimal cost), h_max sees one place (4). A dead end is
// +Inf; a goal already met is 0.
func TestLMCutAddsIndependentNeeds(t *testing.T) {
	var actions []*Action
	for i, place := range []string{"A", "B", "C"} {
		actions = append(actions,
			act("GoTo"+place, float64([]int{2, 3, 1}[i]), nil, Set("at", Str(place))),
			act("Get"+place, 1, pre(Is("at", Str(place))), Set("has"+place, T)))
	}
	g := goal("all", Is("hasA", T), Is("hasB", T), Is("hasC", T))
	p := &Planner{}
	mustPlan(t, p, ws("at", "home"), g, actions, []string{"GoToB", "GetB", "GoToA", "GetA", "GoToC", "GetC"}, 9)
	costs := make([]float64, len(p.acts))
	for i := range p.acts {
		costs[i] = p.acts[i].lowerBound
	}
	if h := p.lmcut(p.start, costs); h != 9 {
		t.Fatalf("LM-cut at the start = %v, want 9", h)
	}
	if h := p.hmax(p.start); h != 4 {
		t.Fatalf("h_max at the start = %v, want 4", h)
	}
	// At B with A and C fetched: one pick-up left.
	st := append([]slot(nil), p.start...)
	st[p.keyID("at", false)] = p.encode(Str("B"))
	st[p.keyID("hasA", false)] = p.encode(T)
	st[p.keyID("hasC", false)] = p.encode(T)
	if h := p.lmcut(st, costs); h != 1 {
		t.Fatalf("LM-cut one step from the goal = %v, want 1", h)
	}
	st[p.keyID("hasB", false)] = p.encode(T)
	if h := p.lmcut(st, costs); h != 0 {
		t.Fatalf("LM-cut at the goal = %v, want 0", h)
	}
	// Without GoToB, B cannot be fetched from home.
	p2 := &Planner{}
	if _, err := p2.Plan(ws("at", "home"), g, append(actions[:2:2], actions[3:]...)); err == nil {
		t.Fatal("plan without GoToB")
	}
	costs = costs[:len(p2.acts)]
	if h := p2.lmcut(p2.start, costs); !math.IsInf(h, 1) {
		t.Fatalf("LM-cut of a dead end = %v, want +Inf", h)
	}
}
