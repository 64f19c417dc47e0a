package goap

import (
	"fmt"
	"math"
	"strconv"
)

// Kind is the type of a Value.
type Kind uint8

// The kinds of Value. The zero Kind, KindNone, is the zero Value: "no value".
const (
	KindNone   Kind = iota // zero Value; never stored in a WorldState
	KindBool               // true/false
	KindNumber             // float64
	KindString             // string
)

// String returns "none", "bool", "number" or "string".
func (k Kind) String() string {
	switch k {
	case KindBool:
		return "bool"
	case KindNumber:
		return "number"
	case KindString:
		return "string"
	}
	return "none"
}

// Value is a world-state value: a bool, a number (float64) or a string.
// Values are small structs; compare them with Equal (== agrees with Equal
// except that Equal treats NaN as equal to NaN).
//
// The seed GOAP stored values as C# object and compared boxed objects; here
// equality is exact and typed: values of different kinds are never equal.
type Value struct {
	kind Kind
	num  float64
	str  string
}

// Bool returns a bool Value.
func Bool(b bool) Value {
	if b {
		return Value{kind: KindBool, num: 1}
	}
	return Value{kind: KindBool}
}

// Number returns a number Value. -0 is stored as 0 and every NaN as one
// canonical NaN, so that equal-looking numbers are equal and NaN equals NaN
// (a state holding NaN must be found again by duplicate detection); ordering
// comparisons with NaN are false.
func Number(f float64) Value {
	if f == 0 {
		f = 0 // folds -0 into +0
	} else if f != f {
		f = math.NaN()
	}
	return Value{kind: KindNumber, num: f}
}

// Str returns a string Value.
func Str(s string) Value { return Value{kind: KindString, str: s} }

// ValueOf converts a Go value to a Value: bool, string, every int and uint
// type, float32 and float64 are accepted, and a Value is returned as is.
// Anything else, including nil, is an error wrapping ErrInvalid.
func ValueOf(x any) (Value, error) {
	switch v := x.(type) {
	case Value:
		return v, nil
	case bool:
		return Bool(v), nil
	case string:
		return Str(v), nil
	case float64:
		return Number(v), nil
	case float32:
		return Number(float64(v)), nil
	case int:
		return Number(float64(v)), nil
	case int8:
		return Number(float64(v)), nil
	case int16:
		return Number(float64(v)), nil
	case int32:
		return Number(float64(v)), nil
	case int64:
		return Number(float64(v)), nil
	case uint:
		return Number(float64(v)), nil
	case uint8:
		return Number(float64(v)), nil
	case uint16:
		return Number(float64(v)), nil
	case uint32:
		return Number(float64(v)), nil
	case uint64:
		return Number(float64(v)), nil
	}
	return Value{}, fmt.Errorf("goap: cannot use %T as a world-state value: %w", x, ErrInvalid)
}

// Kind returns the kind of v.
func (v Value) Kind() Kind { return v.kind }

// IsNone reports whether v is the zero Value.
func (v Value) IsNone() bool { return v.kind == KindNone }

// AsBool returns the bool held by v and whether v is a bool.
func (v Value) AsBool() (bool, bool) { return v.num != 0, v.kind == KindBool }

// AsNumber returns the number held by v and whether v is a number.
func (v Value) AsNumber() (float64, bool) {
	if v.kind != KindNumber {
		return 0, false
	}
	return v.num, true
}

// AsString returns the string held by v and whether v is a string.
func (v Value) AsString() (string, bool) { return v.str, v.kind == KindString }

// Any returns v as a Go value: bool, float64, string, or nil for KindNone.
func (v Value) Any() any {
	switch v.kind {
	case KindBool:
		return v.num != 0
	case KindNumber:
		return v.num
	case KindString:
		return v.str
	}
	return nil
}

// Equal reports whether v and w have the same kind and the same value
// (numbers compare as canonicalised by Number).
func (v Value) Equal(w Value) bool {
	if v.kind != w.kind {
		return false
	}
	switch v.kind {
	case KindNumber:
		return v.num == w.num || (v.num != v.num && w.num != w.num)
	case KindString:
		return v.str == w.str
	}
	return v.num == w.num
}

// String formats v for traces: true, false, 3, 1.5, "text" (quoted), or
// <none>.
func (v Value) String() string {
	switch v.kind {
	case KindBool:
		if v.num != 0 {
			return "true"
		}
		return "false"
	case KindNumber:
		return strconv.FormatFloat(v.num, 'g', -1, 64)
	case KindString:
		return strconv.Quote(v.str)
	}
	return "<none>"
}

// zeroOf returns the value a missing key reads as for a condition or effect
// of kind k: false, 0 or "".
func zeroOf(k Kind) Value {
	switch k {
	case KindBool:
		return Bool(false)
	case KindNumber:
		return Number(0)
	case KindString:
		return Str("")
	}
	return Value{}
}
