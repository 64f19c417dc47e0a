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
//
// Numeric atoms: for an atom "k >= n" or "k > n" on a key that only Add
// effects change, an atom that does not hold also costs at least the
// deficit bound: with d = n - value, the actions that raise k (gainers)
// must add up to d, so they cost at least max(ceil(d / largest gain) *
// least gainer cost, d * least cost per unit gained). An atom's cost is the
// larger of that bound and the h_max value; both bound the cost of reaching
// the atom, so h stays admissible (the planner reopens closed nodes reached
// more cheaply, so optimality rests on admissibility alone).

// hmNumeric is the deficit bound data of a numeric atom (see above).
type hmNumeric struct {
	on       bool
	strict   bool // ">" rather than ">="
	target   float64
	maxGain  float64
	minCost  float64
	minRatio float64
}

type hmAction struct {
	pre0, pre1 int32 // range in Planner.hmPre (atom ids)
	ach0, ach1 int32 // range in Planner.hmAch (atom ids)
	cost       float64
	act        int32 // index into Planner.acts
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
		ha := hmAction{cost: ca.lowerBound, act: int32(i), pre0: int32(len(p.hmPre))}
		for j := ca.pre0; j < ca.pre1; j++ {
			p.hmPre = append(p.hmPre, atom(p.conds[j]))
		}
		ha.pre1 = int32(len(p.hmPre))
		p.hmActs = append(p.hmActs, ha)
	}
	// Achievers, now that every atom is known: per action, the atoms on the
	// keys of its effects (atoms chained per key), in ascending id order.
	p.hmKeyHead = append(p.hmKeyHead[:0], make([]int32, p.k)...)
	p.hmKeyNext = slices.Grow(p.hmKeyNext[:0], len(p.hmAtoms))[:len(p.hmAtoms)]
	for id := len(p.hmAtoms) - 1; id >= 0; id-- {
		key := p.hmAtoms[id].key
		p.hmKeyNext[id] = p.hmKeyHead[key] - 1
		p.hmKeyHead[key] = int32(id) + 1
	}
	for i := range p.acts {
		ca, ha := &p.acts[i], &p.hmActs[i]
		ha.ach0 = int32(len(p.hmAch))
		effs := p.effs[ca.eff0:ca.eff1]
		for j := range effs {
			key := effs[j].key
			if slices.ContainsFunc(effs[:j], func(e cEffect) bool { return e.key == key }) {
				continue // the key's atoms were checked with its first effect
			}
			for id := p.hmKeyHead[key] - 1; id >= 0; id = p.hmKeyNext[id] {
				if achieves(effs, &p.hmAtoms[id]) {
					p.hmAch = append(p.hmAch, id)
				}
			}
		}
		slices.Sort(p.hmAch[ha.ach0:])
		ha.ach1 = int32(len(p.hmAch))
	}
	p.compileNumeric()
	// Visit actions in order of their precondition cost in the start state,
	// so that one pass usually reaches the fixed point.
	p.hmCost = slices.Grow(p.hmCost[:0], len(p.hmAtoms))[:len(p.hmAtoms)]
	// (all-zero firstUse: plain passes until nothing changes)
	p.hmFirstUse = slices.Grow(p.hmFirstUse[:0], len(p.hmAtoms))[:len(p.hmAtoms)]
	clear(p.hmFirstUse)
	p.hmaxFixpoint(p.start, nil)
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
	p.compileLMCut()
}

// achieves reports whether effects (one action's, in order) can make c hold.
func achieves(effs []cEffect, c *cCond) bool {
	last, set := slot{}, false
	for i := range effs {
		e := &effs[i]
		if e.key != c.key {
			continue
		}
		if c.op == OpExists { // effects never delete a key
			return c.val.bits != 0
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

// hmaxFixpoint fills p.hmCost for st. With red non-nil, action costs are
// red[action index] and the numeric deficit floors are off.
func (p *Planner) hmaxFixpoint(st []slot, red []float64) {
	inf := math.Inf(1)
	for i := range p.hmAtoms {
		p.hmFloor[i] = 0
		if p.hmAtoms[i].holds(st) {
			p.hmCost[i] = 0
		} else {
			p.hmCost[i] = inf
			if nu := &p.hmNum[i]; nu.on && red == nil {
				p.hmFloor[i] = nu.bound(st[p.hmAtoms[i].key])
			}
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
			if red != nil { // no floors: the plain relaxation
				v := pc + red[ha.act]
				for _, c := range p.hmAch[ha.ach0:ha.ach1] {
					if v < p.hmCost[c] {
						p.hmCost[c] = v
						if p.hmFirstUse[c] <= int32(i) {
							again = true
						}
					}
				}
				continue
			}
			v0 := pc + ha.cost
			for _, c := range p.hmAch[ha.ach0:ha.ach1] {
				v := v0
				if f := p.hmFloor[c]; f > v {
					v = f
				}
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
	p.hmaxFixpoint(st, nil)
	return p.hmGoalCost()
}

// hmGoalCost returns the largest cost among the goal atoms.
func (p *Planner) hmGoalCost() float64 {
	h := 0.0
	for _, g := range p.hmGoal {
		h = max(h, p.hmCost[g])
	}
	return h
}

// compileNumeric fills p.hmNum for the atoms (see hmNumeric).
func (p *Planner) compileNumeric() {
	n := len(p.hmAtoms)
	p.hmNum = slices.Grow(p.hmNum[:0], n)[:n]
	p.hmFloor = slices.Grow(p.hmFloor[:0], n)[:n]
	for i, c := range p.hmAtoms {
		nu := hmNumeric{}
		if (c.op == OpGe || c.op == OpGt) && c.val.kind == KindNumber && !p.keySet(c.key) {
			nu = hmNumeric{strict: c.op == OpGt, target: c.val.number(), minCost: math.Inf(1), minRatio: math.Inf(1)}
			for j := range p.acts {
				ca := &p.acts[j]
				gain := 0.0
				for e := ca.eff0; e < ca.eff1; e++ {
					if p.effs[e].key == c.key {
						gain += p.effs[e].val.number()
					}
				}
				if gain > 0 {
					nu.on = true
					nu.maxGain = max(nu.maxGain, gain)
					nu.minCost = min(nu.minCost, ca.lowerBound)
					nu.minRatio = min(nu.minRatio, ca.lowerBound/gain)
				}
			}
		}
		p.hmNum[i] = nu
	}
}

// keySet reports whether a relevant action has a Set effect on key.
func (p *Planner) keySet(key int32) bool {
	for i := range p.effs {
		if p.effs[i].key == key && p.effs[i].op == EffectSet {
			return true
		}
	}
	return false
}

// bound returns the deficit bound of the atom for the key's value v (0 when
// v is not a number).
func (nu *hmNumeric) bound(v slot) float64 {
	if v.kind != KindNumber {
		return 0
	}
	d := nu.target - v.number()
	if d < 0 || (d == 0 && !nu.strict) || d != d {
		return 0
	}
	steps := math.Ceil(d / nu.maxGain)
	if nu.strict && steps*nu.maxGain == d {
		steps++
	}
	return max(steps*nu.minCost, d*nu.minRatio)
}
