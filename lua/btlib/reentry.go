package btlib

import (
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// This file holds the re-entrancy guards of ticks called from Lua: a tree
// whose tick is under way (tree A's leaf ticking tree B whose leaf ticks
// A) and a task that is ticking (a child calling its parent's or its
// root's Tick or OnUpdate) may not be ticked again inside that tick. They
// would re-enter a running OnUpdate and recurse until Lua's call stack
// overflows.

// refuseTicking raises an error on L when t is the task whose code runs
// now or one of its ancestors: its tick is under way. method names the
// method called ("Tick", "OnUpdate").
func (lib *Lib) refuseTicking(L *lua.LState, t *Task, method string) {
	var target bt.Task = t
	for c := lib.st.Running(); c != nil; c = c.Base().Parent() {
		if c == target {
			L.RaiseError("%s: %s is ticking already; a task may not tick itself or its ancestors", method, bt.Path(t))
		}
	}
}

// setInTick marks tr's tick under way (v true) or over and returns the
// previous mark, for "defer tr.setInTick(tr.setInTick(true))".
func (tr *Tree) setInTick(v bool) bool {
	prev := tr.inTick
	tr.inTick = v
	return prev
}
