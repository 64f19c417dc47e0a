package host

import (
	"reflect"

	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// globalBoard is the logical blackboard of a sharded host's global
// variables: Go values in the core's blackboard (stdlib/bt), with no Lua
// state of its own. It holds numbers, strings and booleans as the Lua
// values a script wrote (lua.LNumber, lua.LString, lua.LBool: plain Go
// values), a Go value as it was given, and a table as a tableCopy of its
// normal Go form (vm.GoValue's: []any, map[string]any, float64, string,
// bool and Go values, at every depth), from which each shard's copy is
// made, which the frame's check compares the copies with
// (globals_lent.go), and of which Globals.Get returns a copy (fromBoard).
type globalBoard struct{ b *bt.Blackboard }

func newGlobalBoard() *globalBoard { return &globalBoard{bt.NewBlackboard(nil)} }

func (g *globalBoard) board() *bt.Blackboard { return g.b }

// normal returns v, a Go value a script's table came from (already
// normal) or a Go map, slice or array given to Globals.Set, in the normal
// Go form, through shard 0's state (a Go value inside needs a Lua state
// to cross, and comes back as itself).
func (sh *sharding) normal(v any) any {
	return vm.GoValue(vm.LuaValue(sh.shards[0].vm.L, v))
}

// copyNormal returns a copy of v, a table's normal Go form, at every
// depth (a slice or map met again, in a cycle or shared, is copied once;
// seen maps each to its copy by its pointer): Globals.Get gives a value
// the caller may change.
func copyNormal(v any, seen map[uintptr]any) any {
	switch x := v.(type) {
	case []any:
		p := reflect.ValueOf(x).Pointer()
		if c, ok := seen[p]; ok && p != 0 {
			return c
		}
		c := make([]any, len(x))
		seen[p] = c
		for i, e := range x {
			c[i] = copyNormal(e, seen)
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
			c[k] = copyNormal(e, seen)
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
	return ok && same(u.Value, g)
}

// entries counts t's entries.
func entries(t *lua.LTable) int {
	n := 0
	t.ForEach(func(lua.LValue, lua.LValue) { n++ })
	return n
}
