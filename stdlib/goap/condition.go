package goap

import (
	"fmt"
	"math"
)

// Op is a comparison operator of a Condition.
type Op uint8

// Comparison operators. OpEq and OpNe work on every kind; the ordering
// operators (OpLt, OpLe, OpGt, OpGe) only on numbers.
const (
	OpEq Op = iota // ==
	OpNe           // != (also parsed from Lua's ~=)
	OpLt           // <
	OpLe           // <=
	OpGt           // >
	OpGe           // >=
	// OpExists tests presence, not value: with Value Bool(true) the key
	// must be present in the state (any kind, any value), with Bool(false)
	// absent. It is the way to require a key that the zero-value rule
	// (see Condition) would otherwise read as present.
	OpExists
)

var opNames = [...]string{"==", "!=", "<", "<=", ">", ">=", "exists"}

// String returns the operator's symbol, e.g. ">=".
func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("Op(%d)", uint8(o))
}

// ParseOp parses "==", "!=", "~=", "<", "<=", ">", ">=", "exists" (and "="
// as "==").
// Anything else is an error wrapping ErrInvalid.
func ParseOp(s string) (Op, error) {
	switch s {
	case "==", "=":
		return OpEq, nil
	case "!=", "~=":
		return OpNe, nil
	case "<":
		return OpLt, nil
	case "<=":
		return OpLe, nil
	case ">":
		return OpGt, nil
	case ">=":
		return OpGe, nil
	case "exists":
		return OpExists, nil
	}
	return 0, fmt.Errorf("goap: unknown operator %q: %w", s, ErrInvalid)
}

func (o Op) ordering() bool { return o >= OpLt && o <= OpGe }

// Condition is one test on a world state: Key Op Value, e.g. wood >= 3.
// Preconditions of an Action and the conditions of a Goal are Conditions
// (the seed only had key == value pairs).
//
// Missing keys: a key absent from the state reads as the zero value of the
// condition's Value kind: false for a bool, 0 for a number, "" for a string.
// So `Is("hasFood", Bool(false))` holds on a state without hasFood, and
// `wood >= 0` and `pos == 0` hold on a state without wood or pos. To
// require the key itself use Exists (OpExists with true); Missing requires
// its absence.
//
// Kinds: OpEq holds when the (possibly zero-filled) state value has the same
// kind and an Equal value; OpNe is its negation (so a string value is != a
// bool operand). Ordering operators require a number operand (otherwise the
// planner rejects the problem with ErrInvalid and Holds is false) and hold
// only when the state value is a number too; comparisons with NaN are false.
type Condition struct {
	Key   string // world-state key tested
	Op    Op     // comparison operator
	Value Value  // operand: state value Op Value
}

// Is returns the condition key == v (the seed's precondition pair).
func Is(key string, v Value) Condition { return Condition{Key: key, Op: OpEq, Value: v} }

// Exists returns the condition "key is present" (OpExists, true).
func Exists(key string) Condition { return Condition{Key: key, Op: OpExists, Value: Bool(true)} }

// Missing returns the condition "key is absent" (OpExists, false).
func Missing(key string) Condition { return Condition{Key: key, Op: OpExists, Value: Bool(false)} }

// Cond returns the condition key op v.
func Cond(key string, op Op, v Value) Condition { return Condition{Key: key, Op: op, Value: v} }

// Holds reports whether c holds on s, with the missing-key and kind rules
// documented on Condition.
func (c Condition) Holds(s StateReader) bool {
	v, ok := s.Get(c.Key)
	if c.Op == OpExists {
		want, _ := c.Value.AsBool()
		return ok == want
	}
	if !ok {
		v = zeroOf(c.Value.kind)
	}
	return compare(v, c.Op, c.Value)
}

// compare applies op to a state value v and an operand w.
func compare(v Value, op Op, w Value) bool {
	switch op {
	case OpEq:
		return v.Equal(w)
	case OpNe:
		return !v.Equal(w)
	}
	if v.kind != KindNumber || w.kind != KindNumber {
		return false
	}
	switch op {
	case OpLt:
		return v.num < w.num
	case OpLe:
		return v.num <= w.num
	case OpGt:
		return v.num > w.num
	case OpGe:
		return v.num >= w.num
	}
	return false
}

// validate reports a malformed condition (ErrInvalid), or nil.
func (c Condition) validate() error {
	switch {
	case c.Op > OpExists:
		return fmt.Errorf("condition on %q: unknown operator %v", c.Key, c.Op)
	case c.Op == OpExists && c.Value.kind != KindBool:
		return fmt.Errorf("condition %q exists: want true (present) or false (absent), got %v", c.Key, c.Value)
	case c.Value.kind == KindNone:
		return fmt.Errorf("condition %q %v: no value", c.Key, c.Op)
	case c.Op.ordering() && c.Value.kind != KindNumber:
		return fmt.Errorf("condition %s: ordering operator on a %v", c, c.Value.kind)
	case c.Value.kind == KindNumber && math.IsNaN(c.Value.num):
		return fmt.Errorf("condition %s: NaN value (NaN compares false with every value)", c)
	}
	return nil
}

// String formats c as `key op value`, e.g. `wood >= 3`.
// Presence conditions format as `key exists` and `key missing`.
func (c Condition) String() string {
	if c.Op == OpExists {
		if b, _ := c.Value.AsBool(); b {
			return c.Key + " exists"
		}
		return c.Key + " missing"
	}
	return c.Key + " " + c.Op.String() + " " + c.Value.String()
}
