package shards

import (
	"fmt"
	"reflect"

	"github.com/btlua/btlua/host/internal/vm"
	lua "github.com/yuin/gopher-lua"
)

// TableCopy is a Lua table's value in its normal Go form (vm.GoValue's:
// []any, map[string]any, float64, string, bool and Go values, at every
// depth), to be made a Lua table again in each state.
type TableCopy struct{ V any }

// Portable returns v, a value of a shard's blackboard, in a form every
// state may hold (see globals.go), or an error for a value that cannot
// leave its state (a function, a coroutine, a table holding one).
func Portable(v any) (any, error) {
	lv, ok := v.(lua.LValue)
	if !ok {
		if GoTable(v) {
			return TableCopy{v}, nil
		}
		return v, nil // a Go value, given from Go
	}
	switch x := lv.(type) {
	case *lua.LNilType:
		return nil, nil
	case lua.LNumber, lua.LString, lua.LBool:
		return x, nil
	case *lua.LUserData:
		if GoTable(x.Value) {
			return TableCopy{x.Value}, nil
		}
		if x.Value != nil {
			return x.Value, nil
		}
	case *lua.LTable:
		var bad lua.LValue
		g := vm.GoValueBound(x, &bad)
		if bad != nil {
			return nil, fmt.Errorf("the table holds a %s, which cannot be shared between shards (Options.Shards >= 1); store numbers, strings, booleans, tables of them or Go values", bad.Type())
		}
		return TableCopy{g}, nil
	}
	return nil, fmt.Errorf("a %s cannot be shared between shards (Options.Shards >= 1); store numbers, strings, booleans, tables of them or Go values", lv.Type())
}

// GoTable reports whether v is a Go map, slice or array (not a nil map or
// slice), which a sharded host copies into each state as a Lua table
// (vm.LuaValue) instead of sharing it through gopher-luar: the shards' scripts
// would write into one Go map concurrently (a fatal error of the Go
// runtime) and each shard would see the others' writes mid-frame.
func GoTable(v any) bool {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Map, reflect.Slice:
		return !rv.IsNil()
	case reflect.Array:
		return true
	}
	return false
}

// Same reports whether a == b, false for values Go cannot compare.
func Same(a, b any) (eq bool) {
	defer func() {
		if recover() != nil {
			eq = false
		}
	}()
	return a == b
}

// CopyNormal returns a copy of v, a table's normal Go form, at every
// depth (a slice or map met again, in a cycle or shared, is copied once;
// seen maps each to its copy by its pointer): Globals.Get gives a value
// the caller may change.
func CopyNormal(v any, seen map[uintptr]any) any {
	switch x := v.(type) {
	case []any:
		p := reflect.ValueOf(x).Pointer()
		if c, ok := seen[p]; ok && p != 0 {
			return c
		}
		c := make([]any, len(x))
		seen[p] = c
		for i, e := range x {
			c[i] = CopyNormal(e, seen)
		}
		return c
	case map[string]any:
		p := reflect.ValueOf(x).Pointer()
		if c, ok := seen[p]; ok {
			return c
		}
		c := make(map[string]any, len(x))
		seen[p] = c
		for k, e := range x {
			c[k] = CopyNormal(e, seen)
		}
		return c
	}
	return v
}

// sameNormal reports whether lv, a shard's copy of a table-valued global
// variable, still holds g, its normal Go form, at every depth, with no
// metatable (the copies are made without one, so one there was set
// since); open holds the tables being compared (a cycle compares equal
// where it closes).
func sameNormal(g any, lv lua.LValue, open map[*lua.LTable]bool) bool {
	switch x := g.(type) {
	case nil:
		return lv == lua.LNil
	case bool:
		return lv == lua.LBool(x)
	case float64:
		return lv == lua.LNumber(x)
	case string:
		return lv == lua.LString(x)
	case []any:
		t, ok := lv.(*lua.LTable)
		if !ok || t.Metatable != lua.LNil {
			return false
		}
		if open[t] {
			return true
		}
		open[t] = true
		defer delete(open, t)
		if entries(t) != len(x) {
			return false
		}
		for i, e := range x {
			if !sameNormal(e, t.RawGetInt(i+1), open) {
				return false
			}
		}
		return true
	case map[string]any:
		t, ok := lv.(*lua.LTable)
		if !ok || t.Metatable != lua.LNil {
			return false
		}
		if open[t] {
			return true
		}
		open[t] = true
		defer delete(open, t)
		if entries(t) != len(x) {
			return false
		}
		for k, e := range x {
			if !sameNormal(e, t.RawGetString(k), open) {
				return false
			}
		}
		return true
	}
	u, ok := lv.(*lua.LUserData)
	return ok && Same(u.Value, g)
}

// entries counts t's entries.
func entries(t *lua.LTable) int {
	n := 0
	t.ForEach(func(lua.LValue, lua.LValue) { n++ })
	return n
}
