package luaclass

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// A merge keeps the live table's __index when it is a function (a
// built-in class that answers lookups in Go) and the new table has none:
// __index is how instances look fields up, not a method the new version
// dropped.
func TestMergeKeepsIndexFunction(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	ot := L.NewTable()
	index := L.NewFunction(func(L *lua.LState) int { L.Push(lua.LString("found")); return 1 })
	ot.RawSetString("__index", index)
	ot.RawSetString("Old", L.NewFunction(func(L *lua.LState) int { return 0 }))
	nt := L.NewTable()
	if err := L.DoString(`return function() end`); err != nil {
		t.Fatal(err)
	}
	nt.RawSetString("New", L.Get(-1))
	changed := Merge(L, ot, nt)
	if ot.RawGetString("__index") != index {
		t.Errorf("__index after merge: %v, want the function", ot.RawGetString("__index"))
	}
	if ot.RawGetString("Old") != lua.LNil || ot.RawGetString("New") == lua.LNil {
		t.Errorf("Old %v, New %v: want Old removed, New added", ot.RawGetString("Old"), ot.RawGetString("New"))
	}
	if len(changed) != 2 || changed[0] != "New" || changed[1] != "Old" {
		t.Errorf("changed %q, want [New Old]", changed)
	}
}
