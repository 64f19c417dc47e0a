package vm

import (
	"reflect"

	lua "github.com/yuin/gopher-lua"
	luar "layeh.com/gopher-luar"
)

// GoValue returns a Lua value as a Go value: nil, bool, float64 and string
// for Lua's nil, booleans, numbers and strings; for a table, a []any when
// its keys are exactly 1..n (n > 0), else a map[string]any (an empty table
// is an empty map; number and boolean keys are written as Lua writes them,
// "1", "2.5", "true"), converted at every depth (a table met again, in a
// cycle, is the same map or slice); for a Go value that reached Lua
// through gopher-luar (SetGlobal, a blackboard variable set from Go, Spawn
// arguments), that Go value itself. Functions, coroutines and other
// userdata are returned as the lua.LValue they are. Metatables are not
// followed: a table's own fields are its value.
func GoValue(v lua.LValue) any {
	return toGo(v, nil, nil)
}

// GoValueBound is GoValue; bound gets the first value met that belongs
// to one Lua state (a function, a coroutine, userdata without a Go
// value), or stays nil: sharded global variables refuse such values.
func GoValueBound(v lua.LValue, bound *lua.LValue) any {
	return toGo(v, nil, bound)
}

// toGo is GoValue; seen holds the tables converted so far, and bound, when
// not nil, is GoValueBound's.
func toGo(v lua.LValue, seen map[*lua.LTable]any, bound *lua.LValue) any {
	switch v := v.(type) {
	case *lua.LNilType:
		return nil
	case lua.LBool:
		return bool(v)
	case lua.LNumber:
		return float64(v)
	case lua.LString:
		return string(v)
	case *lua.LUserData:
		if v.Value != nil {
			return v.Value
		}
	case *lua.LTable:
		if out, ok := seen[v]; ok {
			return out
		}
		if seen == nil {
			seen = map[*lua.LTable]any{}
		}
		if n := sequenceLen(v); n > 0 {
			out := make([]any, n)
			seen[v] = out
			for i := range out {
				out[i] = toGo(v.RawGetInt(i+1), seen, bound)
			}
			return out
		}
		out := map[string]any{}
		seen[v] = out
		v.ForEach(func(k, val lua.LValue) { out[k.String()] = toGo(val, seen, bound) })
		return out
	}
	if bound != nil && *bound == nil {
		*bound = v
	}
	return v
}

// sequenceLen returns n when t's keys are exactly 1..n, else 0.
func sequenceLen(t *lua.LTable) int {
	n := t.Len()
	if n == 0 {
		return 0
	}
	inRange, other := 0, false
	t.ForEach(func(k, _ lua.LValue) {
		if i, ok := k.(lua.LNumber); ok && i >= 1 && i <= lua.LNumber(n) && i == lua.LNumber(int(i)) {
			inRange++
		} else {
			other = true
		}
	})
	if other || inRange != n {
		return 0
	}
	return n
}

// LuaValue returns a Go value as a Lua value: nil, booleans, numbers and
// strings as Lua's; maps and slices (and arrays) as new Lua tables, with
// their keys and elements converted at every depth (a slice's elements at
// 1..n; a nil map key is left out; a map or slice met again, in a cycle,
// is the same table); a
// lua.LValue as it is; anything else (structs, pointers, functions,
// channels) through gopher-luar, so scripts use its fields and methods
// and GoValue gives the same Go value back.
func LuaValue(L *lua.LState, v any) lua.LValue {
	return toLua(L, v, nil)
}

// seenKey identifies a Go map or slice already converted.
type seenKey struct {
	p   uintptr
	len int
	t   reflect.Type
}

func toLua(L *lua.LState, v any, seen map[seenKey]*lua.LTable) lua.LValue {
	if v == nil {
		return lua.LNil
	}
	if lv, ok := v.(lua.LValue); ok {
		return lv
	}
	if lv, ok := scalarLua(v); ok {
		return lv
	}
	if m, ok := v.(map[string]any); ok {
		return stringMapLua(L, m, seen)
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Map, reflect.Slice, reflect.Array:
		if rv.Kind() != reflect.Array && rv.IsNil() {
			return lua.LNil
		}
		var key seenKey
		if rv.Kind() != reflect.Array {
			key = seenKey{p: uintptr(rv.UnsafePointer()), len: rv.Len(), t: rv.Type()}
			if t, ok := seen[key]; ok {
				return t
			}
		}
		if seen == nil {
			seen = map[seenKey]*lua.LTable{}
		}
		// Sized as the value is: L.NewTable's default of 32 array and 32
		// hash slots costs kilobytes a table (sharded globals copy tables
		// into every state through here).
		na, nh := rv.Len(), 0
		if rv.Kind() == reflect.Map {
			na, nh = 0, na
		}
		t := L.CreateTable(na, nh)
		if rv.Kind() != reflect.Array {
			seen[key] = t
		}
		if rv.Kind() == reflect.Map {
			it := rv.MapRange()
			for it.Next() {
				if k := toLua(L, it.Key().Interface(), seen); k != lua.LNil {
					t.RawSet(k, toLua(L, it.Value().Interface(), seen))
				}
			}
			return t
		}
		for i := 0; i < rv.Len(); i++ {
			t.RawSetInt(i+1, toLua(L, rv.Index(i).Interface(), seen))
		}
		return t
	}
	return luar.New(L, v)
}

// scalarLua converts the Go values most passed (a decoded save's or a
// JSON document's: string, float64, bool; and int) without reflection,
// as luar.New would; ok is false for any other.
func scalarLua(v any) (lua.LValue, bool) {
	switch x := v.(type) {
	case string:
		return lua.LString(x), true
	case float64:
		return lua.LNumber(x), true
	case bool:
		return lua.LBool(x), true
	case int:
		return lua.LNumber(float64(x)), true
	}
	return nil, false
}

// stringMapType is the type of the maps stringMapLua converts.
var stringMapType = reflect.TypeFor[map[string]any]()

// stringMapLua is toLua of m without reflection on its keys and values;
// seen is made only when m holds a map or slice (m may be in a cycle
// through it).
func stringMapLua(L *lua.LState, m map[string]any, seen map[seenKey]*lua.LTable) lua.LValue {
	if m == nil {
		return lua.LNil
	}
	key := seenKey{p: uintptr(reflect.ValueOf(m).UnsafePointer()), len: len(m), t: stringMapType}
	if t, ok := seen[key]; ok {
		return t
	}
	t := L.CreateTable(0, len(m))
	if seen != nil {
		seen[key] = t
	}
	for k, v := range m {
		lv, ok := scalarLua(v)
		if !ok {
			if seen == nil {
				seen = map[seenKey]*lua.LTable{key: t}
			}
			lv = toLua(L, v, seen)
		}
		t.RawSetString(k, lv)
	}
	return t
}
