package btailib

import (
	"fmt"

	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"

	"github.com/btlua/btlua/stdlib/btai"
	lua "github.com/yuin/gopher-lua"
)

// boolFunc returns fn as the func() bool of If, While and Condition: fn is
// called with no arguments and its first result is taken as a Lua
// truth value (nil and false are false). Errors propagate as Lua errors.
func (lib *Lib) boolFunc(fn *lua.LFunction) func() bool {
	return func() bool {
		L := lib.L
		L.Push(fn)
		L.Call(0, 1)
		v := L.Get(-1)
		L.Pop(1)
		return lua.LVAsBool(v)
	}
}

// voidFunc returns fn as the func() of Call; its results are dropped.
func (lib *Lib) voidFunc(fn *lua.LFunction) func() {
	return func() {
		L := lib.L
		L.Push(fn)
		L.Call(0, 0)
	}
}

// coroutine is a Lua coroutine run by BT.RunCoroutine, on the object
// layer's coroutine runner (luaclass.Coroutine).
type coroutine struct {
	lib    *Lib
	co     *luaclass.Coroutine
	at     string
	closed bool
}

func (lib *Lib) newCoroutine(fn *lua.LFunction, at string) *coroutine {
	return &coroutine{lib: lib, co: luaclass.NewCoroutine(fn), at: at}
}

// Resume resumes the coroutine. Yielding nothing (or nil) means Continue; a
// yielded BTState is returned; any other yielded value, and an error
// inside the coroutine, close it and raise a Lua error that keeps the
// file:line of the failing line and names the node.
func (c *coroutine) Resume() (btai.BTState, bool) {
	if c.closed {
		return 0, false
	}
	L := c.lib.L
	yielded, vals, err := c.lib.st.Resume(c.co)
	if err != nil {
		c.closed = true
		msg := "error"
		if api, ok := err.(*lua.ApiError); ok && api.Object != nil {
			msg = luaerr.Raised(L, api.Object)
		} else {
			msg = err.Error()
		}
		L.Error(lua.LString(fmt.Sprintf("%s (in the coroutine of the BT.RunCoroutine made at %s)", msg, trimColon(c.at))), 0)
	}
	if !yielded {
		c.closed = true
		return 0, false
	}
	v := lua.LValue(lua.LNil)
	if len(vals) > 0 {
		v = vals[0]
	}
	if v == lua.LNil {
		return btai.Continue, true
	}
	if s, ok := v.(lua.LString); ok {
		if state, ok := btai.ParseState(string(s)); ok {
			return state, true
		}
	}
	c.Close()
	L.Error(lua.LString(fmt.Sprintf("%s BT.RunCoroutine: the coroutine (function at %s) yielded %s, want a BTState (BTState.Continue, BTState.Success, BTState.Failure, BTState.Abort) or nothing",
		c.at, luaerr.Defined(c.co.Func()), luaerr.Describe(v))), 0)
	return 0, false
}

// Close ends a suspended coroutine for good: its thread is marked dead
// (coroutine.status reports "dead") and it is never resumed again.
func (c *coroutine) Close() {
	c.closed = true
	c.co.Close()
}

// trimColon turns "file:line:" (LState.Where) into "file:line".
func trimColon(at string) string {
	if at == "" {
		return "?"
	}
	if at[len(at)-1] == ':' {
		return at[:len(at)-1]
	}
	return at
}
