package goap

import (
	"errors"
	"math"
	"slices"
)

// PlanGoals plans for the highest-priority goal that is unmet in start and
// achievable, as the Agent's Idle state does: goals met in start are
// skipped; the others are tried by descending PriorityIn(start) (ties keep
// the order of goals); the first plan found is returned (Plan.Goal is the
// goal chosen). When every goal is met it returns Plan{Satisfied: true}
// with a nil Goal. When none can be planned it returns the error of the
// highest-priority goal that ran out of a budget (it may be achievable with
// more), else that of the highest-priority goal.
func (p *Planner) PlanGoals(start *WorldState, goals []*Goal, actions []*Action) (Plan, error) {
	type ranked struct {
		g    *Goal
		prio float64
	}
	var rs []ranked
	for _, g := range goals {
		if g != nil && g.PriorityFunc == nil && math.IsNaN(g.Priority) {
			return p.fail(g, ErrInvalid, "priority is NaN", 0, 0)
		}
	}
	for _, g := range goals {
		if g != nil && !g.SatisfiedBy(start) {
			rs = append(rs, ranked{g, g.PriorityIn(start)})
		}
	}
	if len(rs) == 0 {
		return Plan{Satisfied: true, Visited: 1}, nil
	}
	slices.SortStableFunc(rs, func(a, b ranked) int {
		switch {
		case a.prio > b.prio:
			return -1
		case a.prio < b.prio:
			return 1
		}
		return 0
	})
	var first, budget error
	var firstPlan, budgetPlan Plan
	for _, r := range rs {
		plan, err := p.Plan(start, r.g, actions)
		if err == nil {
			return plan, nil
		}
		if first == nil {
			first, firstPlan = err, plan
		}
		if budget == nil && errors.Is(err, ErrBudget) {
			budget, budgetPlan = err, plan
		}
	}
	if budget != nil {
		return budgetPlan, budget
	}
	return firstPlan, first
}
