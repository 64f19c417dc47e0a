package goap

import (
	"reflect"
	"testing"
)

// act builds an action: pre and eff are lists of Conditions and Effects.
func act(name string, cost float64, pre []Condition, eff ...Effect) *Action {
	return &Action{Name: name, Cost: cost, Preconditions: pre, Effects: eff}
}

func pre(c ...Condition) []Condition { return c }

var (
	T = Bool(true)
	F = Bool(false)
)

func ws(kv ...any) *WorldState {
	s := NewWorldState()
	for i := 0; i < len(kv); i += 2 {
		v, err := ValueOf(kv[i+1])
		if err != nil {
			panic(err)
		}
		s.Set(kv[i].(string), v)
	}
	return s
}

func goal(name string, c ...Condition) *Goal { return &Goal{Name: name, Conditions: c} }

// mustPlan plans and checks the exact action names and cost.
func mustPlan(t *testing.T, p *Planner, start *WorldState, g *Goal, actions []*Action, names []string, cost float64) Plan {
	t.Helper()
	plan, err := p.Plan(start, g, actions)
	if err != nil {
		t.Fatalf("Plan: %v\n%s", err, p.Explain())
	}
	if got := plan.Names(); !reflect.DeepEqual(got, names) {
		t.Fatalf("plan = %v, want %v\n%s", got, names, p.Explain())
	}
	if plan.Cost != cost {
		t.Fatalf("cost = %v, want %v", plan.Cost, cost)
	}
	if plan.Satisfied {
		t.Fatalf("non-empty plan marked Satisfied")
	}
	return plan
}
