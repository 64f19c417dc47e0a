package goap

import "slices"

// Useless actions. An action can be left out of the search when removing
// it from any plan leaves a valid plan that costs no more, because each of
// its effects (on a relevant key) is one of:
//
//   - a Set to a value that no condition on the key (a relevant action's
//     precondition or the goal) holds on, on a key no relevant action adds
//     to: after it no condition on the key can hold until the key is Set
//     again, so no condition reads it and keeping the earlier value changes
//     nothing (a GoTo to a place where nothing is done);
//   - a net decrease (Add of n <= 0) of a monotone key: every condition on
//     the key is ">=" or ">" and every relevant effect on it is an Add or
//     the Set of a number, so a plan with more of it stays valid (dropping,
//     gambling or eating resources for nothing).
//
// Costs are >= 0, so the shorter plan costs no more: the optimal cost is
// unchanged. Leaving an action out can make others useless (its
// preconditions no longer count), so this runs to a fixpoint, recomputing
// relevance each round. Off with a CostFunc (which may read any key).

// dropUseless marks the useless actions in p.dropped and recomputes the
// relevant actions and keys without them (see above). goal's conditions
// are interned again after each reset of the keys.
func (p *Planner) dropUseless(actions []*Action, start *WorldState, goal *Goal) {
	for {
		p.collectConds(actions, goal)
		p.collectKeyFacts(actions, start)
		found := false
		for i, a := range actions {
			if p.relevant[i] && p.useless(i, a) {
				p.dropped[i] = true
				found = true
			}
		}
		if !found {
			return
		}
		p.resetKeys()
		for i, c := range goal.Conditions {
			p.noteCondKind(c, p.gGoal[i])
		}
		p.markRelevant(actions, false)
	}
}

// collectConds gathers the conditions of the relevant actions and the goal
// into p.uConds (p.uCondKey holds each one's key id).
func (p *Planner) collectConds(actions []*Action, goal *Goal) {
	p.uConds, p.uCondKey = p.uConds[:0], p.uCondKey[:0]
	p.uCondHead = append(p.uCondHead[:0], make([]int32, len(p.keyNames))...)
	p.uCondNext = p.uCondNext[:0]
	add := func(c Condition, g int32) {
		id := p.localOf[g]
		p.uConds = append(p.uConds, c)
		p.uCondKey = append(p.uCondKey, id)
		next := int32(-1)
		if id >= 0 {
			next = p.uCondHead[id] - 1
			p.uCondHead[id] = int32(len(p.uConds))
		}
		p.uCondNext = append(p.uCondNext, next)
	}
	for i, c := range goal.Conditions {
		add(c, p.gGoal[i])
	}
	for i, a := range actions {
		if p.relevant[i] {
			for j, c := range a.Preconditions {
				add(c, p.preG(i)[j])
			}
		}
	}
}

// useless reports whether every effect of a on a relevant key is useless
// (see above).
func (p *Planner) useless(ai int, a *Action) bool {
	touched := false
	gs := p.effG(ai)
	for i := range a.Effects {
		id := p.localOf[gs[i]]
		if id < 0 {
			continue
		}
		if slices.Contains(gs[:i], gs[i]) {
			continue // the key was judged with its first effect
		}
		touched = true
		hasSet, hasAdd, net, last := false, false, 0.0, Value{}
		for j, f := range a.Effects[i:] {
			if gs[i+j] != gs[i] {
				continue
			}
			if f.Op == EffectAdd {
				hasAdd, net = true, net+f.Value.num
			} else {
				hasSet, last = true, f.Value
			}
		}
		switch {
		case hasAdd && !hasSet:
			if net > 0 || p.uKeyFacts[id]&keyNotMonotone != 0 {
				return false
			}
		case hasSet && !hasAdd:
			if p.uKeyFacts[id]&keyAdded != 0 || p.someCondHolds(id, last) {
				return false
			}
		default:
			return false
		}
	}
	return touched
}

// someCondHolds reports whether a collected condition on key id holds on
// the value v (a present key).
func (p *Planner) someCondHolds(id int32, v Value) bool {
	for j := p.uCondHead[id] - 1; j >= 0; j = p.uCondNext[j] {
		c := &p.uConds[j]
		if c.Op == OpExists {
			if want, _ := c.Value.AsBool(); want {
				return true
			}
			continue
		}
		if compare(v, c.Op, c.Value) {
			return true
		}
	}
	return false
}

// Key facts (p.uKeyFacts) over the relevant actions and the collected
// conditions.
const (
	keyAdded       = 1 << iota // a relevant action adds to the key
	keyNotMonotone             // the key is not monotone (see above)
)

// collectKeyFacts fills p.uKeyFacts per key id: keyAdded, and
// keyNotMonotone unless the key is a number (or absent) at the start, has
// only ">=" and ">" conditions, and only Adds and Sets of numbers among the
// relevant effects.
func (p *Planner) collectKeyFacts(actions []*Action, start *WorldState) {
	p.uKeyFacts = append(p.uKeyFacts[:0], make([]uint8, len(p.keyNames))...)
	for j, c := range p.uConds {
		if id := p.uCondKey[j]; id >= 0 && c.Op != OpGe && c.Op != OpGt {
			p.uKeyFacts[id] |= keyNotMonotone
		}
	}
	for i, a := range actions {
		if !p.relevant[i] {
			continue
		}
		for j, e := range a.Effects {
			id := p.localOf[p.effG(i)[j]]
			if id < 0 {
				continue
			}
			if e.Op == EffectAdd {
				p.uKeyFacts[id] |= keyAdded
			} else if e.Value.kind != KindNumber {
				p.uKeyFacts[id] |= keyNotMonotone
			}
		}
	}
	if start != nil {
		for id, k := range p.keyNames {
			if v, ok := start.m[k]; ok && v.kind != KindNumber {
				p.uKeyFacts[id] |= keyNotMonotone
			}
		}
	}
}
