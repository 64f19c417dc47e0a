package btlib

import (
	"fmt"

	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// This file holds how Go calls a task's Lua code. Calls are unprotected
// (L.Call, no allocation): an error propagates as a Lua error to the
// protected call around the tree tick, or to a script's pcall. Each call
// records its task as the one running (see running.go), results checked
// and errors raised included, and, when a profiler is set (profile.go),
// times the Lua code as the running task's Lua share.

// invoke calls fn(args...) and leaves nret results on the stack.
func (lib *Lib) invoke(fn *lua.LFunction, nret int, args ...lua.LValue) {
	if p := lib.profiler; p != nil {
		defer p.LuaEnd(p.LuaBegin())
	}
	L := lib.L
	L.Push(fn)
	for _, a := range args {
		L.Push(a)
	}
	L.Call(len(args), nret)
}

// call0 calls fn(t.Self) and drops its results.
func (lib *Lib) call0(t *Task, fn *lua.LFunction) {
	defer lib.st.Leave(lib.st.Enter(t))
	if p := lib.profiler; p != nil {
		defer p.LuaEnd(p.LuaBegin())
	}
	L := lib.L
	L.Push(fn)
	L.Push(t.Self)
	L.Call(1, 0)
}

// callStatus calls fn(t.Self) and converts its result to a status; any
// other result raises an error naming the value and where fn is defined.
func (lib *Lib) callStatus(t *Task, fn *lua.LFunction, what string) bt.Status {
	return lib.callStatusArg(t, fn, t.Self, what)
}

// callStatusArg calls fn(arg) with t as the running task.
func (lib *Lib) callStatusArg(t *Task, fn *lua.LFunction, arg lua.LValue, what string) bt.Status {
	defer lib.st.Leave(lib.st.Enter(t))
	if p := lib.profiler; p != nil {
		defer p.LuaEnd(p.LuaBegin())
	}
	L := lib.L
	L.Push(fn)
	L.Push(arg)
	L.Call(1, 1)
	ret := L.Get(-1)
	L.Pop(1)
	if n, ok := ret.(lua.LNumber); ok {
		s := bt.Status(n)
		if lua.LNumber(s) == n && s.Valid() && s != bt.Inactive {
			return s
		}
	}
	L.Error(lua.LString(fmt.Sprintf("%s: %s returned %s, want BTTaskStatus.Success, BTTaskStatus.Failure or BTTaskStatus.Running",
		luaerr.Defined(fn), what, luaerr.Describe(ret))), 0)
	return bt.Failure
}

// callArgs calls fn(args...) with t as the running task and leaves nret
// results on the stack (the caller pops them).
func (lib *Lib) callArgs(t *Task, fn *lua.LFunction, nret int, args ...lua.LValue) {
	defer lib.st.Leave(lib.st.Enter(t))
	lib.invoke(fn, nret, args...)
}

// callNumber calls fn(t.Self) and returns its number result; any other
// result raises an error naming the value.
func (lib *Lib) callNumber(t *Task, fn *lua.LFunction, what string) float64 {
	defer lib.st.Leave(lib.st.Enter(t))
	lib.invoke(fn, 1, t.Self)
	ret := lib.L.Get(-1)
	lib.L.Pop(1)
	if n, ok := ret.(lua.LNumber); ok {
		return float64(n)
	}
	lib.L.Error(lua.LString(fmt.Sprintf("%s: %s returned %s, want a number", luaerr.Defined(fn), what, luaerr.Describe(ret))), 0)
	return 0
}

// callBool calls fn(arg) with t as the running task and returns the truth
// of its result (Lua truth: nil and false are false).
func (lib *Lib) callBool(t *Task, fn *lua.LFunction, arg lua.LValue) bool {
	defer lib.st.Leave(lib.st.Enter(t))
	lib.invoke(fn, 1, arg)
	ret := lib.L.Get(-1)
	lib.L.Pop(1)
	return lua.LVAsBool(ret)
}

// callTruth calls fn() with t as the running task and returns the truth
// of its result.
func (lib *Lib) callTruth(t *Task, fn *lua.LFunction) bool {
	defer lib.st.Leave(lib.st.Enter(t))
	if p := lib.profiler; p != nil {
		defer p.LuaEnd(p.LuaBegin())
	}
	L := lib.L
	L.Push(fn)
	L.Call(0, 1)
	ret := L.Get(-1)
	L.Pop(1)
	return lua.LVAsBool(ret)
}
