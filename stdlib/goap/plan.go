package goap

import (
	"strconv"
	"strings"
)

// Plan is the result of Planner.Plan.
//
// On success Actions is the cheapest sequence (in cost units) that leads from
// the start state to a state meeting the goal, in execution order; an action
// may appear more than once. Satisfied is true, with Actions empty and Cost
// 0, when the goal already held in the start state (not a failure).
// Expanded counts nodes whose successors were generated, Visited the distinct
// states generated (the start included); both are also filled when Plan
// returns an error.
type Plan struct {
	Goal      *Goal     // the goal planned for
	Actions   []*Action // steps in execution order (may repeat an action)
	Costs     []float64 // Costs[i] is the cost of Actions[i] in the state it is taken in (cost units)
	Cost      float64   // total cost in cost units
	Satisfied bool      // the goal already held in the start state
	Expanded  int       // nodes expanded by the search
	Visited   int       // distinct states generated, start included
}

// Len returns the number of actions.
func (p Plan) Len() int { return len(p.Actions) }

// Names returns the action names in order.
func (p Plan) Names() []string {
	out := make([]string, len(p.Actions))
	for i, a := range p.Actions {
		out[i] = a.Name
	}
	return out
}

// String formats the plan as `MineOre -> BuyFood -> MineOre (cost 22)`, or
// `(already satisfied)` for an empty plan on a met goal.
func (p Plan) String() string {
	if len(p.Actions) == 0 {
		if p.Satisfied {
			return "(already satisfied)"
		}
		return "(empty)"
	}
	return strings.Join(p.Names(), " -> ") + " (cost " + strconv.FormatFloat(p.Cost, 'g', -1, 64) + ")"
}
