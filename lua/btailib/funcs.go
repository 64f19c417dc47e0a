package btailib

import (
	"context"
	"fmt"
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

// coroutine is a Lua coroutine run by BT.RunCoroutine: a thread of the
// library's state running fn.
type coroutine struct {
	lib    *Lib
	fn     *lua.LFunction
	at     string
	th     *lua.LState
	cancel context.CancelFunc
}

func (lib *Lib) newCoroutine(fn *lua.LFunction, at string) *coroutine {
	th, cancel := lib.L.NewThread()
	if ctx := lib.L.Context(); ctx != nil {
		th.SetContext(ctx) // the host's CPU budget, polled in every stretch
	}
	return &coroutine{lib: lib, fn: fn, at: at, th: th, cancel: cancel}
}

// Resume resumes the thread. Yielding nothing (or nil) means Continue; a
// yielded BTState is returned; any other yielded value, and an error
// inside the coroutine, close it and raise a Lua error that keeps the
// file:line of the failing line and names the node.
func (c *coroutine) Resume() (btai.BTState, bool) {
	L := c.lib.L
	if c.th.Dead {
		return 0, false
	}
	prev := L.G.CurrentThread
	st, err, vals := L.Resume(c.th, c.fn)
	L.G.CurrentThread = prev
	switch st {
	case lua.ResumeOK:
		c.Close()
		return 0, false
	case lua.ResumeYield:
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
			c.at, luaerr.Defined(c.fn), luaerr.Describe(v))), 0)
	default:
		c.Close()
		msg := "error"
		if api, ok := err.(*lua.ApiError); ok && api.Object != nil {
			if s, ok := api.Object.(lua.LString); ok {
				msg = string(s)
			} else {
				msg = "error object is " + luaerr.Describe(api.Object)
			}
		} else if err != nil {
			msg = err.Error()
		}
		L.Error(lua.LString(fmt.Sprintf("%s (in the coroutine of the BT.RunCoroutine made at %s)", msg, trimColon(c.at))), 0)
	}
	return 0, false
}

// Close marks a suspended thread dead, so it can never be resumed again
// (coroutine.status reports "dead"), and cancels its context when it has
// one. gopher-lua has no coroutine.close; the thread's stack is left to
// the garbage collector.
func (c *coroutine) Close() {
	if c.th.Dead {
		return
	}
	c.th.Dead = true
	if c.cancel != nil {
		c.cancel()
	}
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
