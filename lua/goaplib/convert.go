package goaplib

import (
	"fmt"
	"github.com/btlua/btlua/lua/luaerr"
	"math"
	"slices"

	"github.com/btlua/btlua/stdlib/goap"
	lua "github.com/yuin/gopher-lua"
)

// This file converts between Lua values and goap values, world states,
// conditions and effects. Conversions return errors; the caller raises them
// at the right place (the calling script line, or a hook's definition).

// toValue converts a Lua boolean, number or string to a goap.Value.
func toValue(v lua.LValue) (goap.Value, bool) {
	switch x := v.(type) {
	case lua.LBool:
		return goap.Bool(bool(x)), true
	case lua.LNumber:
		return goap.Number(float64(x)), true
	case lua.LString:
		return goap.Str(string(x)), true
	}
	return goap.Value{}, false
}

// checkValue is toValue with an error naming where and the value, for a
// condition's or an effect's value: NaN is refused (it compares false
// with every value, itself included, so no state could meet it).
func checkValue(v lua.LValue, where string) (goap.Value, error) {
	if n, ok := v.(lua.LNumber); ok && math.IsNaN(float64(n)) {
		return goap.Value{}, fmt.Errorf("%s is NaN (NaN compares false with every value)", where)
	}
	if gv, ok := toValue(v); ok {
		return gv, nil
	}
	return goap.Value{}, fmt.Errorf("%s: want a boolean, number or string, got %s", where, luaerr.Describe(v))
}

// fromValue converts a goap.Value to Lua (nil for the zero Value).
func fromValue(v goap.Value) lua.LValue {
	switch v.Kind() {
	case goap.KindBool:
		b, _ := v.AsBool()
		return lua.LBool(b)
	case goap.KindNumber:
		n, _ := v.AsNumber()
		return lua.LNumber(n)
	case goap.KindString:
		s, _ := v.AsString()
		return lua.LString(s)
	}
	return lua.LNil
}

// stateBuf is a reusable WorldState filled from Lua tables.
type stateBuf struct {
	ws   *goap.WorldState
	keys []string
}

// fill replaces the content of b.ws with the Lua table v ({key = value}).
func (b *stateBuf) fill(v lua.LValue, what string) (*goap.WorldState, error) {
	tbl, ok := v.(*lua.LTable)
	if !ok {
		return nil, fmt.Errorf("%s must be a table of key = value, got %s", what, luaerr.Describe(v))
	}
	if b.ws == nil {
		b.ws = goap.NewWorldState()
	}
	for _, k := range b.keys {
		b.ws.Delete(k)
	}
	b.keys = b.keys[:0]
	for k, val := tbl.Next(lua.LNil); k != lua.LNil; k, val = tbl.Next(k) {
		key, ok := k.(lua.LString)
		if !ok {
			return nil, fmt.Errorf("%s: keys must be strings, got key %s", what, luaerr.Describe(k))
		}
		gv, ok := toValue(val)
		if !ok {
			return nil, fmt.Errorf("%s: %s: want a boolean, number or string, got %s", what, key, luaerr.Describe(val))
		}
		b.ws.Set(string(key), gv)
		b.keys = append(b.keys, string(key))
	}
	return b.ws, nil
}

// parseConditions appends to dst the conditions of the Lua table v: its
// array entries, each {key, value} (==) or {key, op, value}, in order, then
// its string keys as key == value, sorted by key (Lua tables have no key
// order; sorting keeps plans and messages deterministic). A key may appear
// in both forms: conditions are a conjunction, so their order does not
// matter. {key, "exists", true} requires the key's presence (a missing key
// otherwise reads as the zero of the operand's kind: {pos = 0} holds on a
// state without pos), {key, "exists", false} its absence. scratch is a
// reusable key buffer.
func parseConditions(dst []goap.Condition, v lua.LValue, what string, scratch *[]string) ([]goap.Condition, error) {
	tbl, ok := v.(*lua.LTable)
	if !ok {
		return dst, fmt.Errorf("%s must be a table of conditions ({key = value} or {{key, op, value}}), got %s", what, luaerr.Describe(v))
	}
	n := tbl.Len()
	for i := 1; i <= n; i++ {
		c, err := parseCondEntry(tbl.RawGetInt(i), fmt.Sprintf("%s[%d]", what, i))
		if err != nil {
			return dst, err
		}
		dst = append(dst, c)
	}
	keys, err := stringKeys(tbl, n, what, scratch)
	if err != nil {
		return dst, err
	}
	for _, k := range keys {
		gv, err := checkValue(tbl.RawGetString(k), what+"."+k)
		if err != nil {
			return dst, err
		}
		dst = append(dst, goap.Is(k, gv))
	}
	return dst, nil
}

// stringKeys returns the sorted string keys of tbl, rejecting keys other
// than strings and the array indices 1..n.
func stringKeys(tbl *lua.LTable, n int, what string, scratch *[]string) ([]string, error) {
	keys := (*scratch)[:0]
	for k, _ := tbl.Next(lua.LNil); k != lua.LNil; k, _ = tbl.Next(k) {
		switch x := k.(type) {
		case lua.LString:
			keys = append(keys, string(x))
			continue
		case lua.LNumber:
			if i := int(x); lua.LNumber(i) == x && i >= 1 && i <= n {
				continue
			}
		}
		*scratch = keys
		return nil, fmt.Errorf("%s: keys must be strings (or list entries), got key %s", what, luaerr.Describe(k))
	}
	slices.Sort(keys)
	*scratch = keys
	return keys, nil
}

// parseCondEntry parses {key, value} or {key, op, value}.
func parseCondEntry(v lua.LValue, what string) (goap.Condition, error) {
	e, ok := v.(*lua.LTable)
	if !ok || (e.Len() != 2 && e.Len() != 3) {
		return goap.Condition{}, fmt.Errorf("%s: want {key, value} or {key, op, value}, got %s", what, luaerr.Describe(v))
	}
	if e.Len() == 2 {
		return makeCondition(e.RawGetInt(1), lua.LString("=="), e.RawGetInt(2), what)
	}
	return makeCondition(e.RawGetInt(1), e.RawGetInt(2), e.RawGetInt(3), what)
}

// makeCondition checks and builds key op value.
func makeCondition(key, op, val lua.LValue, what string) (goap.Condition, error) {
	k, ok := key.(lua.LString)
	if !ok {
		return goap.Condition{}, fmt.Errorf("%s: key must be a string, got %s", what, luaerr.Describe(key))
	}
	o, ok := op.(lua.LString)
	if !ok {
		return goap.Condition{}, fmt.Errorf("%s: operator must be a string (==, ~=, !=, <, <=, >, >=, exists), got %s", what, luaerr.Describe(op))
	}
	gop, err := goap.ParseOp(string(o))
	if err != nil {
		return goap.Condition{}, fmt.Errorf("%s: unknown operator %q on %q (want ==, ~=, !=, <, <=, >, >=, exists)", what, string(o), string(k))
	}
	gv, err := checkValue(val, fmt.Sprintf("%s: value of %q", what, string(k)))
	if err != nil {
		return goap.Condition{}, err
	}
	if gop == goap.OpExists {
		if gv.Kind() != goap.KindBool {
			return goap.Condition{}, fmt.Errorf("%s: {%q, \"exists\", x} needs true (present) or false (absent), got %s", what, string(k), luaerr.Describe(val))
		}
		return goap.Cond(string(k), gop, gv), nil
	}
	if gop != goap.OpEq && gop != goap.OpNe && gv.Kind() != goap.KindNumber {
		return goap.Condition{}, fmt.Errorf("%s: operator %s on %q needs a number, got %s", what, gop, string(k), luaerr.Describe(val))
	}
	return goap.Cond(string(k), gop, gv), nil
}

// makeEffect checks and builds an effect: op "=" sets, "+" and "-" add and
// subtract a number.
func makeEffect(key, op, val lua.LValue, what string) (goap.Effect, error) {
	k, ok := key.(lua.LString)
	if !ok {
		return goap.Effect{}, fmt.Errorf("%s: key must be a string, got %s", what, luaerr.Describe(key))
	}
	o, ok := op.(lua.LString)
	if !ok {
		return goap.Effect{}, fmt.Errorf("%s: operator must be \"=\", \"+\" or \"-\", got %s", what, luaerr.Describe(op))
	}
	switch o {
	case "==", "!=", "~=", "<", "<=", ">", ">=":
		return goap.Effect{}, fmt.Errorf("%s: effect operator %q on %q is a comparison; effects use \"=\" (set), \"+\" or \"-\"", what, string(o), string(k))
	case "=":
		gv, err := checkValue(val, fmt.Sprintf("%s: value of %q", what, string(k)))
		if err != nil {
			return goap.Effect{}, err
		}
		return goap.Set(string(k), gv), nil
	case "+", "-":
		n, ok := val.(lua.LNumber)
		if !ok {
			return goap.Effect{}, fmt.Errorf("%s: %q %s needs a number, got %s", what, string(k), o, luaerr.Describe(val))
		}
		if !luaerr.Finite(float64(n)) {
			return goap.Effect{}, fmt.Errorf("%s: %q %s needs a finite number, got %s", what, string(k), o, luaerr.Describe(val))
		}
		if o == "-" {
			return goap.Sub(string(k), float64(n)), nil
		}
		return goap.Add(string(k), float64(n)), nil
	}
	return goap.Effect{}, fmt.Errorf("%s: unknown effect operator %q on %q (want \"=\", \"+\" or \"-\")", what, string(o), string(k))
}

// parseEffects appends the effects of the Lua table v: array entries
// {key, value} or {key, op, value} in order, then string keys as key =
// value, sorted. A key set by name and also changed by a list entry is
// refused: effects apply in order, and a Lua table does not keep the
// written order of named keys relative to list entries (write every effect
// on that key as a list entry, in the order wanted).
func parseEffects(dst []goap.Effect, v lua.LValue, what string, scratch *[]string) ([]goap.Effect, error) {
	tbl, ok := v.(*lua.LTable)
	if !ok {
		return dst, fmt.Errorf("%s must be a table of effects ({key = value} or {{key, op, value}}), got %s", what, luaerr.Describe(v))
	}
	n, start := tbl.Len(), len(dst)
	for i := 1; i <= n; i++ {
		w := fmt.Sprintf("%s[%d]", what, i)
		e, ok := tbl.RawGetInt(i).(*lua.LTable)
		if !ok || (e.Len() != 2 && e.Len() != 3) {
			return dst, fmt.Errorf("%s: want {key, value} or {key, op, value}, got %s", w, luaerr.Describe(tbl.RawGetInt(i)))
		}
		var eff goap.Effect
		var err error
		if e.Len() == 2 {
			eff, err = makeEffect(e.RawGetInt(1), lua.LString("="), e.RawGetInt(2), w)
		} else {
			eff, err = makeEffect(e.RawGetInt(1), e.RawGetInt(2), e.RawGetInt(3), w)
		}
		if err != nil {
			return dst, err
		}
		dst = append(dst, eff)
	}
	keys, err := stringKeys(tbl, n, what, scratch)
	if err != nil {
		return dst, err
	}
	for _, k := range keys {
		for _, e := range dst[start:] {
			if e.Key == k {
				return dst, fmt.Errorf("%s: %q is both a named key and a list entry; the order between them is not kept by a Lua table: write every effect on %q as a list entry, in order", what, k, k)
			}
		}
		eff, err := makeEffect(lua.LString(k), lua.LString("="), tbl.RawGetString(k), what)
		if err != nil {
			return dst, err
		}
		dst = append(dst, eff)
	}
	return dst, nil
}

// conditionTable returns {key, op, value} for c.
func (lib *Lib) conditionTable(c goap.Condition) *lua.LTable {
	t := lib.L.CreateTable(3, 0)
	t.RawSetInt(1, lua.LString(c.Key))
	t.RawSetInt(2, lua.LString(c.Op.String()))
	t.RawSetInt(3, fromValue(c.Value))
	return t
}

// effectTable returns {key, "=", value}, {key, "+", n} or {key, "-", n}.
func (lib *Lib) effectTable(e goap.Effect) *lua.LTable {
	t := lib.L.CreateTable(3, 0)
	t.RawSetInt(1, lua.LString(e.Key))
	op, v := "=", fromValue(e.Value)
	if e.Op == goap.EffectAdd {
		op = "+"
		if n, _ := e.Value.AsNumber(); n < 0 {
			op, v = "-", lua.LNumber(-n)
		}
	}
	t.RawSetInt(2, lua.LString(op))
	t.RawSetInt(3, v)
	return t
}
