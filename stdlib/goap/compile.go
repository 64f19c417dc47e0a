package goap

import (
	"fmt"
	"math"
	"slices"
)

// This file turns a planning problem (string-keyed WorldState, Goal,
// Actions) into the planner's compact form: keys are interned into small
// integer ids, string values into integer ids, and a search state is a dense
// []slot indexed by key id, so states compare and hash exactly and cheaply.

// slot is one key's value in a search state. kind KindNone means "missing".
// bits holds 0/1 for bools, math.Float64bits for (canonical) numbers and the
// interned id for strings (id 0 is "").
type slot struct {
	bits uint64
	kind Kind
}

// cCond is a compiled Condition.
type cCond struct {
	key int32
	op  Op
	val slot
}

// cEffect is a compiled Effect (for Add, val holds the number).
type cEffect struct {
	key int32
	op  EffectOp
	val slot
}

// cAction is a compiled Action: ranges into Planner.conds/effs.
type cAction struct {
	act         *Action
	pre0, pre1  int32
	eff0, eff1  int32
	lowerBound  float64 // static cost, or CostFunc's declared lower bound
	goalKeysHit int     // distinct goal keys among its effects
	costFunc    func(StateReader) float64
	index       int
}

const kindMixed Kind = 255

func numSlot(f float64) slot {
	n := Number(f)
	return slot{bits: math.Float64bits(n.num), kind: KindNumber}
}

func (s slot) number() float64 { return math.Float64frombits(s.bits) }

// holds evaluates a compiled condition on a state (see Condition for the
// missing-key and kind rules; a missing slot reads as the zero of the
// operand's kind, which is bits 0 for every kind).
func (c *cCond) holds(st []slot) bool { return c.holdsValue(st[c.key]) }

// holdsValue evaluates the condition on the value v of its key.
func (c *cCond) holdsValue(v slot) bool {
	if c.op == OpExists {
		return (v.kind != KindNone) == (c.val.bits != 0)
	}
	if v.kind == KindNone {
		v = slot{kind: c.val.kind}
	}
	switch c.op {
	case OpEq:
		return v == c.val
	case OpNe:
		return v != c.val
	}
	if v.kind != KindNumber {
		return false
	}
	a, b := v.number(), c.val.number()
	switch c.op {
	case OpLt:
		return a < b
	case OpLe:
		return a <= b
	case OpGt:
		return a > b
	case OpGe:
		return a >= b
	}
	return false
}

// apply applies the effect to st and returns the state hash h updated for
// the change (see slotHash).
func (e *cEffect) apply(st []slot, h uint64) uint64 {
	cur := st[e.key]
	next := e.val
	if e.op == EffectAdd {
		f := 0.0
		if cur.kind == KindNumber {
			f = cur.number()
		}
		next = numSlot(f + e.val.number())
	}
	if next == cur {
		return h
	}
	st[e.key] = next
	return h ^ slotHash(e.key, cur) ^ slotHash(e.key, next)
}

// noteCondKind interns the key of condition c and records the kind it
// compares with; a presence test (OpExists) records that the key's absence
// matters instead (it is then not zero-filled, see compile).
func (p *Planner) noteCondKind(c Condition, g int32) {
	id := p.internG(g)
	if c.Op == OpExists {
		p.keyPresence[id] = true
		return
	}
	p.noteKind(id, c.Value.kind)
}

// noteKind records that key id can hold kind k.
func (p *Planner) noteKind(id int32, k Kind) {
	switch p.keyKind[id] {
	case KindNone:
		p.keyKind[id] = k
	case k:
	default:
		p.keyKind[id] = kindMixed
	}
}

func (p *Planner) encode(v Value) slot {
	switch v.kind {
	case KindBool:
		if v.num != 0 {
			return slot{bits: 1, kind: KindBool}
		}
		return slot{kind: KindBool}
	case KindNumber:
		return numSlot(v.num)
	case KindString:
		id, ok := p.strIDs[v.str]
		if !ok {
			id = uint64(len(p.strVals))
			p.strIDs[v.str] = id
			p.strVals = append(p.strVals, v.str)
		}
		return slot{bits: id, kind: KindString}
	}
	return slot{}
}

func (p *Planner) decode(s slot) Value {
	switch s.kind {
	case KindBool:
		return Bool(s.bits != 0)
	case KindNumber:
		return Number(s.number())
	case KindString:
		return Str(p.strVals[s.bits])
	}
	return Value{}
}

// compile validates and compiles the problem into p's buffers. It returns a
// detail message and an error (ErrInvalid) for a malformed problem.
func (p *Planner) compile(start *WorldState, goal *Goal, actions []*Action) (string, error) {
	if p.strIDs == nil {
		p.strIDs = make(map[string]uint64)
	}
	p.resetKeys()
	clear(p.strIDs)
	p.strVals = p.strVals[:0]
	p.encode(Str("")) // string id 0 is "", the zero string
	p.acts = p.acts[:0]
	p.nUsable = len(actions)
	p.conds = p.conds[:0]
	p.effs = p.effs[:0]
	p.goal = p.goal[:0]

	if goal == nil {
		return "nil goal", ErrInvalid
	}
	if goal.PriorityFunc == nil && math.IsNaN(goal.Priority) {
		return "priority is NaN", ErrInvalid
	}
	if w := p.Weight; math.IsNaN(w) || math.IsInf(w, 0) {
		return fmt.Sprintf("Planner.Weight %v is not a finite number", w), ErrInvalid
	}
	// Validate, and decide whether all keys matter: with a CostFunc any key
	// may be read; otherwise only the relevant keys (see markRelevant) are
	// kept and the others are projected away.
	allKeys := false
	for i, a := range actions {
		if a == nil {
			return fmt.Sprintf("action #%d is nil", i), ErrInvalid
		}
		if a.CostFunc != nil {
			allKeys = true
		}
		if c := a.Cost; c < 0 || math.IsNaN(c) || math.IsInf(c, 0) {
			return fmt.Sprintf("action %q: cost %v is not a finite number >= 0", a.Name, c), ErrInvalid
		}
		for _, c := range a.Preconditions {
			if err := c.validate(); err != nil {
				return fmt.Sprintf("action %q: %v", a.Name, err), ErrInvalid
			}
		}
		for _, e := range a.Effects {
			if err := e.validate(); err != nil {
				return fmt.Sprintf("action %q: %v", a.Name, err), ErrInvalid
			}
		}
	}
	for _, c := range goal.Conditions {
		if err := c.validate(); err != nil {
			return err.Error(), ErrInvalid
		}
	}
	p.internActions(goal, actions)
	for i, c := range goal.Conditions {
		p.noteCondKind(c, p.gGoal[i])
	}
	p.dropped = slices.Grow(p.dropped[:0], len(actions))[:len(actions)]
	clear(p.dropped)
	p.markRelevant(actions, allKeys)
	if !allKeys {
		p.dropUseless(actions, start, goal)
	}
	for i, a := range actions {
		if !p.relevant[i] {
			continue
		}
		for j, c := range a.Preconditions {
			p.noteCondKind(c, p.preG(i)[j])
		}
	}
	for i, a := range actions {
		if !p.relevant[i] {
			continue
		}
		for j, e := range a.Effects {
			id := p.localOf[p.effG(i)[j]]
			if allKeys {
				id = p.internG(p.effG(i)[j])
			}
			if id < 0 {
				continue
			}
			p.noteKind(id, e.Value.kind)
			if e.Op == EffectAdd {
				p.keyAdd[id] = true
			}
		}
	}
	if start != nil {
		if allKeys {
			for _, k := range start.Keys() { // sorted: deterministic ids
				p.keyID(k, true)
			}
		}
		for k, v := range start.m {
			if id := p.keyID(k, false); id >= 0 {
				p.noteKind(id, v.kind)
			}
		}
	}
	for id, add := range p.keyAdd {
		if add && p.keyKind[id] != KindNumber {
			return fmt.Sprintf("key %q has Add effects but can hold a non-number", p.keyNames[id]), ErrInvalid
		}
	}

	// Start state. A missing key whose every use has one kind reads exactly
	// like that kind's zero, so it is stored as the zero: states that differ
	// only by "missing" vs "zero" are the same search state (unless a
	// presence condition reads the key).
	p.k = len(p.keyNames)
	p.start = slices.Grow(p.start[:0], p.k)[:p.k]
	clear(p.start)
	if start != nil {
		for k, v := range start.m {
			if id := p.keyID(k, false); id >= 0 {
				p.start[id] = p.encode(v)
			}
		}
	}
	for id, k := range p.keyKind {
		if p.start[id].kind == KindNone && k != kindMixed && k != KindNone && !p.keyPresence[id] {
			p.start[id] = slot{kind: k}
		}
	}

	// Goal, grouped by key for the heuristic.
	for i, c := range goal.Conditions {
		p.goal = append(p.goal, cCond{key: p.localOf[p.gGoal[i]], op: c.Op, val: p.encode(c.Value)})
	}
	slices.SortStableFunc(p.goal, func(a, b cCond) int { return int(a.key) - int(b.key) })
	p.isGoalKey = slices.Grow(p.isGoalKey[:0], p.k)[:p.k]
	clear(p.isGoalKey)
	for _, c := range p.goal {
		p.isGoalKey[c.key] = true
	}

	// Actions.
	for i, a := range actions {
		if !p.relevant[i] {
			continue
		}
		ca := cAction{act: a, lowerBound: a.Cost, costFunc: a.CostFunc, index: i}
		ca.pre0 = int32(len(p.conds))
		for j, c := range a.Preconditions {
			p.conds = append(p.conds, cCond{key: p.localOf[p.preG(i)[j]], op: c.Op, val: p.encode(c.Value)})
		}
		ca.pre1 = int32(len(p.conds))
		ca.eff0 = int32(len(p.effs))
		for j, e := range a.Effects {
			id := p.localOf[p.effG(i)[j]]
			if id < 0 {
				continue // projected away: no condition reads it
			}
			p.effs = append(p.effs, cEffect{key: id, op: e.Op, val: p.encode(e.Value)})
		}
		ca.eff1 = int32(len(p.effs))
		// distinct goal keys touched
		for j := ca.eff0; j < ca.eff1; j++ {
			k := p.effs[j].key
			if !p.isGoalKey[k] {
				continue
			}
			dup := false
			for m := ca.eff0; m < j; m++ {
				if p.effs[m].key == k {
					dup = true
					break
				}
			}
			if !dup {
				ca.goalKeysHit++
			}
		}
		p.acts = append(p.acts, ca)
	}
	p.computeHeuristic()
	p.computeGrain()
	p.compileHmax()
	p.compileLP()
	p.compileDominance(allKeys)
	return "", nil
}

// staticallyUnreachable returns a description of a goal condition that is
// unmet in the start state on a key no action changes, or "".
func (p *Planner) staticallyUnreachable() string {
	for i := range p.goal {
		c := &p.goal[i]
		if c.holds(p.start) {
			continue
		}
		changed := false
		for j := range p.effs {
			if p.effs[j].key == c.key {
				changed = true
				break
			}
		}
		if !changed {
			return fmt.Sprintf("condition %s is unmet and no usable action changes %q",
				p.condString(c), p.keyNames[c.key])
		}
	}
	return ""
}

func (p *Planner) condString(c *cCond) string {
	return p.keyNames[c.key] + " " + c.op.String() + " " + p.decode(c.val).String()
}

// slotView is the StateReader handed to CostFunc during search.
type slotView struct {
	p  *Planner
	st []slot
}

// Get implements StateReader over a search state.
func (v *slotView) Get(key string) (Value, bool) {
	id := v.p.keyID(key, false)
	if id < 0 || v.st[id].kind == KindNone {
		return Value{}, false
	}
	return v.p.decode(v.st[id]), true
}
