package goap

import (
	"errors"
	"math"
	"testing"
)

func TestValueEquality(t *testing.T) {
	cases := []struct {
		a, b Value
		eq   bool
	}{
		{Bool(true), Bool(true), true},
		{Bool(true), Bool(false), false},
		{Bool(false), Number(0), false}, // kinds never mix
		{Number(0), Str(""), false},
		{Number(math.Copysign(0, -1)), Number(0), true},
		{Number(math.NaN()), Number(math.NaN()), true},
		{Number(1.5), Number(1.5), true},
		{Number(1), Number(1.0000000001), false},
		{Str("a"), Str("a"), true},
		{Str("a"), Str("b"), false},
		{Value{}, Value{}, true},
	}
	for _, c := range cases {
		if got := c.a.Equal(c.b); got != c.eq {
			t.Errorf("%v.Equal(%v) = %v, want %v", c.a, c.b, got, c.eq)
		}
	}
}

func TestValueAccessorsAndString(t *testing.T) {
	if b, ok := Bool(true).AsBool(); !b || !ok {
		t.Fatal("AsBool")
	}
	if _, ok := Number(1).AsBool(); ok {
		t.Fatal("number AsBool ok")
	}
	if n, ok := Number(2.5).AsNumber(); n != 2.5 || !ok {
		t.Fatal("AsNumber")
	}
	if s, ok := Str("x").AsString(); s != "x" || !ok {
		t.Fatal("AsString")
	}
	for v, want := range map[Value]string{Bool(true): "true", Bool(false): "false", Number(3): "3",
		Number(-1.25): "-1.25", Str("a b"): `"a b"`, {}: "<none>"} {
		if v.String() != want {
			t.Errorf("String(%#v) = %q, want %q", v, v.String(), want)
		}
	}
	if Bool(true).Any() != true || Number(2).Any() != 2.0 || Str("s").Any() != "s" || (Value{}).Any() != nil {
		t.Fatal("Any")
	}
	if KindNumber.String() != "number" || KindNone.String() != "none" {
		t.Fatal("Kind.String")
	}
}

func TestValueOf(t *testing.T) {
	for _, c := range []struct {
		in   any
		want Value
	}{{true, Bool(true)}, {"s", Str("s")}, {3, Number(3)}, {int64(-2), Number(-2)}, {uint8(7), Number(7)},
		{float32(0.5), Number(0.5)}, {1.25, Number(1.25)}, {Str("v"), Str("v")}} {
		got, err := ValueOf(c.in)
		if err != nil || !got.Equal(c.want) {
			t.Errorf("ValueOf(%#v) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []any{nil, []int{1}, struct{}{}} {
		if _, err := ValueOf(bad); !errors.Is(err, ErrInvalid) {
			t.Errorf("ValueOf(%#v) err = %v, want ErrInvalid", bad, err)
		}
	}
}

func TestWorldState(t *testing.T) {
	s := NewWorldState().Set("money", F).Set("food", T).Set("wood", Number(3)).Set("name", Str("bob"))
	if got := s.String(); got != `{food=true, money=false, name="bob", wood=3}` {
		t.Fatalf("String = %s", got)
	}
	c := s.Clone()
	c.Set("money", T)
	if v, _ := s.Get("money"); !v.Equal(F) {
		t.Fatal("Clone is not independent")
	}
	if s.Equal(c) || !s.Equal(s.Clone()) {
		t.Fatal("Equal")
	}
	s.Set("wood", Value{}) // zero Value deletes
	if _, ok := s.Get("wood"); ok || s.Len() != 3 {
		t.Fatalf("zero Value did not delete: %v", s)
	}
	s.Delete("name")
	if got := s.Keys(); len(got) != 2 || got[0] != "food" || got[1] != "money" {
		t.Fatalf("Keys = %v", got)
	}
	var nilWS *WorldState
	if nilWS.Len() != 0 || nilWS.Clone().Len() != 0 || !nilWS.Equal(NewWorldState()) {
		t.Fatal("nil WorldState")
	}
	if _, ok := nilWS.Get("x"); ok {
		t.Fatal("nil Get")
	}
}

func TestConditionHolds(t *testing.T) {
	s := ws("wood", 3, "name", "bob", "ok", true)
	cases := []struct {
		c    Condition
		want bool
	}{
		{Cond("wood", OpGe, Number(3)), true},
		{Cond("wood", OpGt, Number(3)), false},
		{Cond("wood", OpLt, Number(4)), true},
		{Cond("wood", OpLe, Number(2)), false},
		{Cond("wood", OpNe, Number(3)), false},
		{Is("wood", Bool(true)), false},      // kind mismatch
		{Cond("wood", OpNe, Str("3")), true}, // != is the negation of ==
		{Is("name", Str("bob")), true},
		{Cond("name", OpGt, Number(0)), false}, // ordering on a non-number value
		{Is("missing", F), true},               // missing bool reads false
		{Is("missing", T), false},
		{Is("missing", Number(0)), true}, // missing number reads 0
		{Cond("missing", OpLt, Number(1)), true},
		{Is("missing", Str("")), true}, // missing string reads ""
		{Cond("missing", OpNe, Str("")), false},
		{Is("ok", T), true},
	}
	for _, c := range cases {
		if got := c.c.Holds(s); got != c.want {
			t.Errorf("%v on %v = %v, want %v", c.c, s, got, c.want)
		}
	}
	for str, want := range map[string]Op{"==": OpEq, "=": OpEq, "!=": OpNe, "~=": OpNe, "<": OpLt, "<=": OpLe, ">": OpGt, ">=": OpGe} {
		if got, err := ParseOp(str); err != nil || got != want {
			t.Errorf("ParseOp(%q) = %v, %v", str, got, err)
		}
	}
	if _, err := ParseOp("=>"); !errors.Is(err, ErrInvalid) {
		t.Errorf("ParseOp(=>) err = %v", err)
	}
	if Cond("wood", OpGe, Number(3)).String() != "wood >= 3" || Op(9).String() != "Op(9)" {
		t.Error("Condition/Op String")
	}
}

func TestEffectApply(t *testing.T) {
	s := NewWorldState()
	Add("wood", 2).Apply(s) // missing counts as 0
	Sub("wood", 0.5).Apply(s)
	Set("name", Str("x")).Apply(s)
	Set("name", Str("y")).Apply(s)
	if s.String() != `{name="y", wood=1.5}` {
		t.Fatalf("state = %v", s)
	}
	if Add("w", 1).String() != "w += 1" || Sub("w", 2).String() != "w -= 2" || Set("f", T).String() != "f = true" {
		t.Fatal("Effect String")
	}
}
