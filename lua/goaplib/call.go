package goaplib

import (
	"fmt"
	"github.com/btlua/btlua/lua/luaerr"

	lua "github.com/yuin/gopher-lua"
)

// This file holds how Go calls Lua and raises errors. Calls are
// unprotected (L.Call, no allocation): an error in Lua code propagates to
// the nearest protected call (the host's tree tick, or the PCall around the
// script), with the "file:line:" of the Lua error() call in its message.

// call calls fn(args...) and leaves nret results on the stack.
func (lib *Lib) call(fn *lua.LFunction, nret int, args ...lua.LValue) {
	L := lib.L
	L.Push(fn)
	for _, a := range args {
		L.Push(a)
	}
	L.Call(len(args), nret)
}

// call1 calls fn(args...) and returns its first result.
func (lib *Lib) call1(fn *lua.LFunction, args ...lua.LValue) lua.LValue {
	lib.call(fn, 1, args...)
	ret := lib.L.Get(-1)
	lib.L.Pop(1)
	return ret
}

// callBool calls fn(args...) and returns its result, which must be a
// boolean; anything else raises an error naming where fn is defined and
// what it returned. owner and hook name the hook for the message ("ChopLog"
// and "Perform"); they are joined only on error, so a call allocates
// nothing.
func (lib *Lib) callBool(fn *lua.LFunction, owner, hook string, args ...lua.LValue) bool {
	ret := lib.call1(fn, args...)
	if b, ok := ret.(lua.LBool); ok {
		return bool(b)
	}
	lib.failAt(fn, "%s returned %s, want true or false", hookName(owner, hook), luaerr.Describe(ret))
	return false
}

// callNumber calls fn(args...) and returns its result, which must be a
// number (see callBool for errors).
func (lib *Lib) callNumber(fn *lua.LFunction, owner, hook string, args ...lua.LValue) float64 {
	ret := lib.call1(fn, args...)
	if n, ok := ret.(lua.LNumber); ok {
		return float64(n)
	}
	lib.failAt(fn, "%s returned %s, want a number", hookName(owner, hook), luaerr.Describe(ret))
	return 0
}

// hookName joins "Owner.hook", or returns hook alone for an unnamed owner.
func hookName(owner, hook string) string {
	if owner == "" {
		return hook
	}
	return owner + "." + hook
}

// raise raises a Lua error located at the Lua code that called the Go
// function now running ("file:line: goap: ...").
func (lib *Lib) raise(format string, args ...any) {
	lib.L.RaiseError("goap: "+format, args...)
}

// failAt raises a Lua error located where fn is defined: for a hook that
// misbehaved, whose caller is Go code.
func (lib *Lib) failAt(fn *lua.LFunction, format string, args ...any) {
	lib.L.Error(lua.LString(luaerr.Defined(fn)+": goap: "+fmt.Sprintf(format, args...)), 0)
}
