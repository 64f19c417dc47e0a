package goap

import (
	"errors"
	"math"
	"testing"
)

// NaN values, infinite Add amounts, a NaN or infinite Weight and a NaN
// static priority make the problem invalid (ErrInvalid), with the action
// or goal named, instead of a search that finds no plan.
func TestNonFiniteInputInvalid(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	chop := func() *Action { return NewAction("Chop", 1).AddEffect(Add("logs", 1)) }
	goal := NewGoal("stock", 1, Cond("logs", OpGe, Number(1)))
	start := NewWorldState().Set("logs", Number(0))
	cases := []struct {
		name    string
		planner Planner
		goals   []*Goal
		actions []*Action
		want    string
	}{
		{"goal value", Planner{}, []*Goal{NewGoal("stock", 1, Is("logs", Number(nan)))}, []*Action{chop()},
			`goap: goal "stock" {logs == NaN}: invalid planning problem: condition logs == NaN: NaN value (NaN compares false with every value) (expanded 0, visited 0)`},
		{"precondition", Planner{}, []*Goal{goal}, []*Action{chop().AddPrecondition(Cond("axe", OpLt, Number(nan)))},
			`goap: goal "stock" {logs >= 1}: invalid planning problem: action "Chop": condition axe < NaN: NaN value (NaN compares false with every value) (expanded 0, visited 0)`},
		{"set NaN", Planner{}, []*Goal{goal}, []*Action{chop().AddEffect(Set("axe", Number(nan)))},
			`goap: goal "stock" {logs >= 1}: invalid planning problem: action "Chop": effect axe = NaN: NaN value (expanded 0, visited 0)`},
		{"add Inf", Planner{}, []*Goal{goal}, []*Action{NewAction("Chop", 1).AddEffect(Add("logs", inf))},
			`goap: goal "stock" {logs >= 1}: invalid planning problem: action "Chop": effect logs += +Inf: the amount must be finite (expanded 0, visited 0)`},
		{"weight NaN", Planner{Weight: nan}, []*Goal{goal}, []*Action{chop()},
			`goap: goal "stock" {logs >= 1}: invalid planning problem: Planner.Weight NaN is not a finite number (expanded 0, visited 0)`},
		{"weight Inf", Planner{Weight: inf}, []*Goal{goal}, []*Action{chop()},
			`goap: goal "stock" {logs >= 1}: invalid planning problem: Planner.Weight +Inf is not a finite number (expanded 0, visited 0)`},
		{"priority NaN", Planner{}, []*Goal{NewGoal("stock", nan, Cond("logs", OpGe, Number(1)))}, []*Action{chop()},
			`goap: goal "stock" {logs >= 1}: invalid planning problem: priority is NaN (expanded 0, visited 0)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := c.planner
			_, err := p.PlanGoals(start, c.goals, c.actions)
			if !errors.Is(err, ErrInvalid) || err.Error() != c.want {
				t.Errorf("err %v\nwant  %s", err, c.want)
			}
		})
	}
}
