package goap

import (
	"fmt"
	"math"
	"strconv"
)

// EffectOp says how an Effect changes its key.
type EffectOp uint8

// Effect operators.
const (
	// EffectSet stores Effect.Value under the key, overwriting any previous
	// value (the seed's PopulateState could keep the old pair as well).
	EffectSet EffectOp = iota
	// EffectAdd adds the number Effect.Value to the key; a missing key counts
	// as 0. Sub is Add of the negated number.
	EffectAdd
)

// Effect is one change an Action makes to the world state.
type Effect struct {
	Key   string   // world-state key changed
	Op    EffectOp // EffectSet or EffectAdd
	Value Value    // value to set, or number to add
}

// Set returns the effect key = v.
func Set(key string, v Value) Effect { return Effect{Key: key, Op: EffectSet, Value: v} }

// Add returns the effect key += n.
func Add(key string, n float64) Effect { return Effect{Key: key, Op: EffectAdd, Value: Number(n)} }

// Sub returns the effect key -= n (an Add of -n).
func Sub(key string, n float64) Effect { return Add(key, -n) }

// Apply applies e to ws. For EffectAdd a missing or non-number value counts
// as 0 (the planner rejects problems where an Add key can hold a non-number).
func (e Effect) Apply(ws *WorldState) {
	switch e.Op {
	case EffectSet:
		ws.Set(e.Key, e.Value)
	case EffectAdd:
		cur, _ := ws.Get(e.Key)
		n, _ := cur.AsNumber()
		ws.Set(e.Key, Number(n+e.Value.num))
	}
}

// validate reports a malformed effect, or nil.
func (e Effect) validate() error {
	switch {
	case e.Op > EffectAdd:
		return fmt.Errorf("effect on %q: unknown effect operator %d", e.Key, e.Op)
	case e.Value.kind == KindNone:
		return fmt.Errorf("effect on %q: no value", e.Key)
	case e.Op == EffectAdd && e.Value.kind != KindNumber:
		return fmt.Errorf("effect %s: Add of a %v", e, e.Value.kind)
	case e.Value.kind == KindNumber && math.IsNaN(e.Value.num):
		return fmt.Errorf("effect %s: NaN value", e)
	case e.Op == EffectAdd && math.IsInf(e.Value.num, 0):
		return fmt.Errorf("effect %s: the amount must be finite", e)
	}
	return nil
}

// String formats e as `key = value`, `key += n` or `key -= n`.
func (e Effect) String() string {
	if e.Op == EffectAdd && e.Value.kind == KindNumber {
		if e.Value.num < 0 {
			return e.Key + " -= " + strconv.FormatFloat(-e.Value.num, 'g', -1, 64)
		}
		return e.Key + " += " + e.Value.String()
	}
	return e.Key + " = " + e.Value.String()
}
