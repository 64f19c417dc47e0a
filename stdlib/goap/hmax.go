package goap

import (
	"math"
	"slices"
)

// h_max: a relaxed-reachability heuristic (Bonet & Geffner). Every distinct
// condition of the problem (goal conditions and relevant preconditions) is
// an atom. In a state, an atom that holds costs 0; otherwise its cost is the
// least, over its achievers a, of cost(a) + the largest cost among a's
// precondition atoms, computed to a fixed point. h_max is the largest cost
// among the goal atoms; +Inf means the goal cannot be reached from the state
// (a dead end, pruned from the search).
//
// An achiever of an atom on key k is an action whose effects on k end with a
// Set whose value satisfies the atom, or include an Add. In any plan, the
// step that last changes k before the atom first holds is such an achiever,
// and its preconditions held before it: hence h_max never overestimates. It
// is also consistent (an action a changes atom costs by at most cost(a)),
// so the closed set stays exact. Action costs are static costs or CostFunc
// lower bounds.

type hmAction struct {
	pre0, pre1 int32 // range in Planner.hmPre (atom ids)
	ach0, ach1 int32 // range in Planner.hmAch (atom ids)
	cost       float64
}

// compileHmax builds the atom tables for the compiled problem.
func (p *Planner) compileHmax() {
	if p.hmIndex == nil {
		p.hmIndex = make(map[cCond]int32)
	}
	clear(p.hmIndex)
	p.hmAtoms = p.hmAtoms[:0]
	p.hmGoal = p.hmGoal[:0]
	p.hmPre = p.hmPre[:0]
	p.hmAch = p.hmAch[:0]
	p.hmActs = p.hmActs[:0]
	atom := func(c cCond) int32 {
		if id, ok := p.hmIndex[c]; ok {
			return id
		}
		id := int32(len(p.hmAtoms))
		p.hmIndex[c] = id
		p.hmAtoms = append(p.hmAtoms, c)
		return id
	}
	for _, c := range p.goal {
		p.hmGoal = append(p.hmGoal, atom(c))
	}
	for i := range p.acts {
		ca := &p.acts[i]
		ha := hmAction{cost: ca.lowerBound, pre0: int32(len(p.hmPre))}
		for j := ca.pre0; j < ca.pre1; j++ {
			p.hmPre = append(p.hmPre, atom(p.conds[j]))
		}
		ha.pre1 = int32(len(p.hmPre))
		p.hmActs = append(p.hmActs, ha)
	}
	// Achievers, now that every atom is known.
	for i := range p.acts {
		ca, ha := &p.acts[i], &p.hmActs[i]
		ha.ach0 = int32(len(p.hmAch))
		for id, c := range p.hmAtoms {
			if achieves(p.effs[ca.eff0:ca.eff1], &c) {
				p.hmAch = append(p.hmAch, int32(id))
			}
		}
		ha.ach1 = int32(len(p.hmAch))
	}
	// Visit actions in order of their precondition cost in the start state,
	// so that one pass usually reaches the fixed point.
	p.hmCost = slices.Grow(p.hmCost[:0], len(p.hmAtoms))[:len(p.hmAtoms)]
	// (all-zero firstUse: plain passes until nothing changes)
	p.hmFirstUse = slices.Grow(p.hmFirstUse[:0], len(p.hmAtoms))[:len(p.hmAtoms)]
	clear(p.hmFirstUse)
	p.hmaxFixpoint(p.start)
	n := len(p.hmActs)
	p.hmKey = slices.Grow(p.hmKey[:0], n)[:n]
	for i := range p.hmActs {
		p.hmKey[i] = p.hmPreCost(&p.hmActs[i])
	}
	// Stable insertion sort by key: action counts are small, and it needs
	// no allocation.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && p.hmKey[j] < p.hmKey[j-1]; j-- {
			p.hmKey[j], p.hmKey[j-1] = p.hmKey[j-1], p.hmKey[j]
			p.hmActs[j], p.hmActs[j-1] = p.hmActs[j-1], p.hmActs[j]
		}
	}
	// firstUse[atom]: position of the first action (in this order) that has
	// the atom as a precondition; len(hmActs) if none.
	for i := range p.hmFirstUse {
		p.hmFirstUse[i] = int32(n)
	}
	for i := n - 1; i >= 0; i-- {
		ha := &p.hmActs[i]
		for _, q := range p.hmPre[ha.pre0:ha.pre1] {
			p.hmFirstUse[q] = int32(i)
		}
	}
}

// achieves reports whether effects (one action's, in order) can make c hold.
func achieves(effs []cEffect, c *cCond) bool {
	last, set := slot{}, false
	for i := range effs {
		e := &effs[i]
		if e.key != c.key {
			continue
		}
		if e.op == EffectAdd {
			return true
		}
		last, set = e.val, true
	}
	return set && c.holdsValue(last)
}

func (p *Planner) hmPreCost(ha *hmAction) float64 {
	pc := 0.0
	for _, q := range p.hmPre[ha.pre0:ha.pre1] {
		if c := p.hmCost[q]; c > pc {
			pc = c
		}
	}
	return pc
}

// hmaxFixpoint fills p.hmCost for st.
func (p *Planner) hmaxFixpoint(st []slot) {
	inf := math.Inf(1)
	for i := range p.hmAtoms {
		if p.hmAtoms[i].holds(st) {
			p.hmCost[i] = 0
		} else {
			p.hmCost[i] = inf
		}
	}
	// Passes over the actions until nothing changes. A lowered atom cost
	// needs another pass only if an action using the atom was already
	// visited in this pass; with actions sorted by their start-state level,
	// one pass usually suffices.
	for again := true; again; {
		again = false
		for i := range p.hmActs {
			ha := &p.hmActs[i]
			if ha.ach0 == ha.ach1 {
				continue
			}
			pc := p.hmPreCost(ha)
			if pc == inf {
				continue
			}
			v := pc + ha.cost
			for _, c := range p.hmAch[ha.ach0:ha.ach1] {
				if v < p.hmCost[c] {
					p.hmCost[c] = v
					if p.hmFirstUse[c] <= int32(i) {
						again = true
					}
				}
			}
		}
	}
}

// hmax returns h_max(st) (see above).
func (p *Planner) hmax(st []slot) float64 {
	p.hmaxFixpoint(st)
	h := 0.0
	for _, g := range p.hmGoal {
		h = max(h, p.hmCost[g])
	}
	return h
}
