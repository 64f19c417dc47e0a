package vm

import (
	"github.com/btlua/btlua/lua/luaclass"
	lua "github.com/yuin/gopher-lua"
)

// MaxResumeDepth is how deep coroutines may resume one another: PUC Lua
// 5.1's limit on nested C calls (LUAI_MAXCCALLS, 200), whose error, "C
// stack overflow", coroutine.resume returns and a coroutine.wrap function
// raises. In gopher-lua each resume is a nested Go call, and a script's
// coroutines resuming each other without end grew the Go stack past its
// 1 GB limit: a fatal error, not a Lua one, that took the host down.
const MaxResumeDepth = 200

// resumeDepth is how many threads L is nested in: 1 for a state's main
// thread, one more for each resume that is under way.
func resumeDepth(L *lua.LState) int {
	n := 0
	for p := L; p != nil; p = p.Parent {
		n++
	}
	return n
}

// limitResume wraps coroutine.resume with the depth check above.
func limitResume(L *lua.LState) {
	co, ok := L.GetGlobal("coroutine").(*lua.LTable)
	if !ok {
		return
	}
	orig, ok := co.RawGetString("resume").(*lua.LFunction)
	if !ok {
		return
	}
	co.RawSetString("resume", L.NewFunction(func(L *lua.LState) int {
		if resumeDepth(L) >= MaxResumeDepth {
			L.Push(lua.LFalse)
			L.Push(lua.LString("C stack overflow"))
			return 2
		}
		return luaclass.PassOn(L, orig)
	}))
}

// depthLimited returns the function coroutine.wrap made, fn (whose one
// upvalue is its thread, th), wrapped with the depth check above; the
// wrapper keeps th as its one upvalue (threadOf finds it).
func depthLimited(L *lua.LState, fn *lua.LFunction, th *lua.LState) *lua.LFunction {
	return L.NewClosure(func(L *lua.LState) int {
		if resumeDepth(L) >= MaxResumeDepth {
			L.RaiseError("C stack overflow")
		}
		return luaclass.PassOn(L, fn)
	}, th)
}
