package luaclass

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// A refresh of a Hooks cache on a table whose class answers through an
// __index function (a built-in parent class of btlib) allocates nothing:
// the method names are Lua strings made once, not boxed per lookup.
func TestHooksRefreshIndexFunction(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	calls := 0
	class := L.NewTable()
	class.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		calls++
		L.Push(lua.LNil)
		return 1
	}))
	self := L.NewTable()
	self.Metatable = class
	set := NewMethodSet("OnStart", "OnUpdate", "OnEnd")
	s := For(L)
	var h Hooks
	allocs := testing.AllocsPerRun(50, func() { h.Refresh(s, self, set) })
	if allocs != 0 {
		t.Errorf("a refresh through an __index function allocated %v times, want 0", allocs)
	}
	if calls != 51*3 {
		t.Errorf("__index called %d times, want %d (each method once per refresh)", calls, 51*3)
	}
}
