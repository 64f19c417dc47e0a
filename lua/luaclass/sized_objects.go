package luaclass

import (
	lua "github.com/yuin/gopher-lua"
)

// SizeObjects replaces setmetatable in L with one that, after the
// original has set the metatable, gives a table that has no string key
// yet a string map sized for a few keys (grown by Go's map as keys come).
// gopher-lua gives a table made by Lua's {} a 32-entry map on its first
// string key (about 2.2 KB, allocated and cleared), whatever it will hold;
// the class style of the seeds, local o = {}; setmetatable(o, self);
// o.name = name, makes every object that way (issue 9: building
// thousands of agents). The result, the errors and what the table holds
// and lists are the original's (TestSizeObjectsSameBehaviour). With a
// gopher-lua whose table layout Compact cannot use, it sizes nothing.
//
// Moving a table bound to a Go object (a task, an action) to another
// metatable also drops the state's method caches (State.Invalidate): the
// object's cached hooks were looked up through its old class. Moving a
// table of a chain Flatten copied methods along removes the copies.
func SizeObjects(L *lua.LState) {
	orig, ok := L.GetGlobal("setmetatable").(*lua.LFunction)
	if !ok || !orig.IsG {
		return
	}
	size := Compactable()
	// The original runs in place: the new function gets its upvalues.
	ups := make([]lua.LValue, len(orig.Upvalues))
	for i, u := range orig.Upvalues {
		ups[i] = u.Value()
	}
	g := orig.GFunction
	L.SetGlobal("setmetatable", L.NewClosure(func(L *lua.LState) int {
		tbl, _ := L.Get(1).(*lua.LTable)
		var old lua.LValue = lua.LNil
		if tbl != nil {
			old = tbl.Metatable
		}
		n := g(L)
		if tbl != nil && tbl.Metatable != old {
			if old != lua.LNil && Bound(tbl) != nil {
				For(L).Invalidate() // removes Flatten's copies too
			} else if For(L).inFlatChain(tbl) {
				For(L).Unflatten() // a class of a flattened chain re-parented
			}
		}
		if tbl != nil && size {
			p := strdictOf(tbl)
			if *p == nil {
				*p = make(map[string]lua.LValue)
			}
		}
		return n
	}, ups...))
}
