package goap

// The seed GOAP's planner (goap-02 "Planer"), ported for comparison only:
// BuildGraph recursively tries every action whose preconditions hold,
// removes it from the usable set (no reuse), stops a branch at the first
// state meeting the goal (a leaf), and finally picks the cheapest leaf
// (strict <, so the first cheapest found wins). No duplicate detection, no
// heuristic: time is exponential in the number of actions.
//
// Two seed faults are not reproduced, so that the baseline finds correct
// plans: its InState loops were inverted (it tested the world state against
// the preconditions instead of the reverse), and its PopulateState kept the
// old pair of a changed key beside the new one. Conditions and effects use
// this package's semantics.

type seedNode struct {
	parent *seedNode
	cost   float64
	state  *WorldState
	action *Action
}

// seedPlan returns the seed's plan, its cost, the number of nodes built, and
// whether a plan was found.
func seedPlan(actions []*Action, start *WorldState, goal *Goal) ([]*Action, float64, int, bool) {
	var leaves []*seedNode
	nodes := 0
	root := &seedNode{state: start}
	if !seedBuildGraph(root, &leaves, actions, goal, &nodes) {
		return nil, 0, nodes, false
	}
	var cheapest *seedNode
	for _, l := range leaves {
		if cheapest == nil || l.cost < cheapest.cost {
			cheapest = l
		}
	}
	var plan []*Action
	for n := cheapest; n != nil; n = n.parent {
		if n.action != nil {
			plan = append([]*Action{n.action}, plan...)
		}
	}
	return plan, cheapest.cost, nodes, true
}

func seedBuildGraph(parent *seedNode, leaves *[]*seedNode, usable []*Action, goal *Goal, nodes *int) bool {
	found := false
	for _, a := range usable {
		if !a.Applicable(parent.state) {
			continue
		}
		st := parent.state.Clone()
		a.Apply(st)
		n := &seedNode{parent: parent, cost: parent.cost + a.Cost, state: st, action: a}
		*nodes++
		if goal.SatisfiedBy(st) {
			*leaves = append(*leaves, n)
			found = true
			continue
		}
		subset := make([]*Action, 0, len(usable)-1)
		for _, b := range usable {
			if b != a {
				subset = append(subset, b)
			}
		}
		if seedBuildGraph(n, leaves, subset, goal, nodes) {
			found = true
		}
	}
	return found
}
