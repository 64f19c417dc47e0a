package btlib

import (
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// coroutineImpl is BTCoroutine:New(fn): an action whose body is a Lua
// function run as a coroutine across ticks. A run starts a new coroutine
// with fn(task); each tick resumes it once. A yield with a status gives
// that status (Running goes on; Success or Failure ends the run), a yield
// with nothing gives Running, and returning ends the run with the returned
// status, or Success when it returns none. When the run ends early (a
// parent ends it, or an abort), the suspended coroutine is dropped and
// never resumed again; an error inside it stops the tree like any script
// error (blamed on the task whose code raised it: a child the coroutine
// ticked, or this task).
//
// As in PUC Lua 5.1, fn cannot yield across pcall, xpcall or another Go
// function: such a yield raises "attempt to yield across metamethod/C-call
// boundary", which a pcall around it catches (see guardYield for why Lua
// 5.2's yieldable pcall is not offered).
type coroutineImpl struct {
	bt.Action
	lib *Lib
	fn  *lua.LFunction
	th  *lua.LState
}

func makeCoroutine(lib *Lib, a []lua.LValue) (bt.Task, error) {
	fn, err := optFunc(a, 0, "fn")
	return &coroutineImpl{lib: lib, fn: fn}, err
}

func (c *coroutineImpl) OnUpdate() bt.Status {
	if c.fn == nil {
		return bt.Success
	}
	// The task's OnUpdate records it as the running task around this call.
	t, _ := c.Self().(*Task)
	L := c.lib.L
	fresh := c.th == nil
	if fresh {
		c.th, _ = L.NewThread()
		shareContext(L, c.th)
	}
	var (
		st   lua.ResumeState
		err  error
		vals []lua.LValue
	)
	caller := L.G.CurrentThread
	if fresh {
		st, err, vals = L.Resume(c.th, c.fn, t.Self)
	} else {
		st, err, vals = L.Resume(c.th, c.fn)
	}
	L.G.CurrentThread = caller
	if err != nil {
		c.th = nil
		c.lib.reraise(err)
	}
	if st == lua.ResumeYield {
		if s, ok := statusOf(vals); ok {
			if s != bt.Running {
				c.th = nil
			}
			return s
		}
		if len(vals) == 0 || vals[0] == lua.LNil {
			return bt.Running
		}
		c.th = nil
		L.RaiseError("%s: BTCoroutine yielded %s, want a BTTaskStatus or nothing", luaerr.Defined(c.fn), luaerr.Describe(vals[0]))
	}
	c.th = nil
	if s, ok := statusOf(vals); ok && s != bt.Running {
		return s
	}
	if len(vals) == 0 || vals[0] == lua.LNil {
		return bt.Success
	}
	L.RaiseError("%s: BTCoroutine returned %s, want BTTaskStatus.Success, BTTaskStatus.Failure or nothing", luaerr.Defined(c.fn), luaerr.Describe(vals[0]))
	return bt.Failure
}

// OnEnd drops a coroutine that is still suspended.
func (c *coroutineImpl) OnEnd() { c.th = nil }

// statusOf reads vals[0] as a status other than Inactive.
func statusOf(vals []lua.LValue) (bt.Status, bool) {
	if len(vals) == 0 {
		return 0, false
	}
	n, ok := vals[0].(lua.LNumber)
	if !ok {
		return 0, false
	}
	s := bt.Status(n)
	return s, lua.LNumber(s) == n && s.Valid() && s != bt.Inactive
}
