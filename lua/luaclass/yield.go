package luaclass

import (
	lua "github.com/yuin/gopher-lua"
)

// errYieldAcross is PUC Lua 5.1's message for a yield that would cross a
// call made by the host (C in PUC Lua, Go here).
const errYieldAcross = "attempt to yield across metamethod/C-call boundary"

// GuardYield replaces coroutine.yield in L with one that refuses, as PUC
// Lua 5.1 does, to yield across a Go call: pcall, xpcall, table.sort,
// string.gsub, a task's Tick or OnUpdate called from Lua, any Go function
// that called back into Lua. gopher-lua runs such a callee in a nested Go
// call of its interpreter, which cannot be suspended: its yield would
// corrupt both threads (a pcall that returns true, then "can not yield
// from outside of a coroutine" or a Go nil-pointer panic later). The
// guarded yield raises "file:line: attempt to yield across
// metamethod/C-call boundary" instead, located at the yield; a pcall
// around it catches it and the coroutine goes on. Yields that cross no Go
// call are the original yield, unchanged.
//
// Lua 5.2's yieldable pcall is not attempted: gopher-lua cannot resume
// inside a Go function, and running each pcall as a coroutine of its own
// (coxpcall) would change coroutine.running() and cost a thread per call.
// Not detected: a yield from a metamethod (__index, __lt, ...) or a for-in
// iterator, which gopher-lua also calls from Go but without a Go frame on
// the Lua stack to see.
func GuardYield(L *lua.LState) {
	co, ok := L.GetGlobal(lua.CoroutineLibName).(*lua.LTable)
	if !ok {
		return
	}
	yield, ok := co.RawGetString("yield").(*lua.LFunction)
	if !ok || !yield.IsG {
		return
	}
	orig := yield.GFunction
	co.RawSetString("yield", L.NewFunction(func(L *lua.LState) int {
		if crossesGoCall(L) {
			L.RaiseError(errYieldAcross)
		}
		return orig(L)
	}))
}

// crossesGoCall reports whether a yield of thread L now would cross a Go
// call. A thread that no resume is running (its Parent is nil) yields
// across one when a coroutine is running elsewhere: the library calls
// task code on the main thread, also from inside a coroutine. With no
// coroutine running, the original yield reports that. A resumed thread
// yields across one when a Go function (other than yield itself, at level
// 0) is on its call stack.
func crossesGoCall(L *lua.LState) bool {
	if L.Parent == nil {
		return L.G.CurrentThread != L
	}
	for level := 1; ; level++ {
		dbg, ok := L.GetStack(level)
		if !ok {
			return false
		}
		if _, err := L.GetInfo("S", dbg, lua.LNil); err == nil && dbg.What == "G" {
			return true
		}
	}
}
