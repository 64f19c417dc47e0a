package goap

import (
	"strings"
	"testing"
)

// Actions whose every effect is useless are left out of the search: a GoTo
// to a place no condition tests, a loss of a resource only tested with
// ">=". A condition that can hold on the place ("!="), or an upper bound on
// the resource (a carry limit, which a loss can help to meet), keeps them.
func TestPlanDropsUselessActions(t *testing.T) {
	domain := func(extra ...*Action) []*Action {
		return append([]*Action{
			act("GoToForest", 1, nil, Set("at", Str("forest"))),
			act("GoToRuins", 1, nil, Set("at", Str("ruins"))),
			act("Gather", 1, pre(Is("at", Str("forest"))), Add("wood", 1)),
			act("Gamble", 1, pre(Cond("wood", OpGe, Number(1))), Sub("wood", 1), Set("thrill", T)),
			act("Craft", 1, pre(Cond("wood", OpGe, Number(2))), Set("axe", T)),
		}, extra...)
	}
	names := []string{"GoToForest", "Gather", "Gather", "Craft"}
	cases := []struct {
		extra    []*Action
		relevant string
	}{
		{nil, "actions: 5 given, 3 relevant (GoToForest, Gather, Craft)"},
		// "at != forest" holds on "ruins": GoToRuins is kept.
		{[]*Action{act("Nap", 10, pre(Cond("at", OpNe, Str("forest"))), Set("axe", T))},
			"actions: 6 given, 5 relevant (GoToForest, GoToRuins, Gather, Craft, Nap)"},
		// A carry limit on wood: losing wood can help, Gamble is kept.
		{[]*Action{act("Carry", 1, pre(Cond("wood", OpLt, Number(9))), Set("axe", T))},
			"actions: 6 given, 5 relevant (GoToForest, Gather, Gamble, Craft, Carry)"},
	}
	for _, c := range cases {
		p := &Planner{}
		want := names
		if c.extra != nil && c.extra[0].Name == "Carry" {
			want = []string{"Carry"}
		}
		mustPlan(t, p, ws("at", "home"), goal("axe", Is("axe", T)), domain(c.extra...), want, float64(len(want)))
		if first := strings.Split(p.Explain(), "\n")[2]; first != c.relevant {
			t.Fatalf("got %q, want %q", first, c.relevant)
		}
	}
}
