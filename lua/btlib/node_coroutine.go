package btlib

import (
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

func init() {
	builtin(Class{
		Name: "BTCoroutine", Base: "BTAction",
		Doc: "An action whose body runs as a coroutine across ticks: yield a BTTaskStatus (or nothing: Running) each tick; return to end the run (Success unless it returns Failure). A yield inside pcall or xpcall raises \"attempt to yield across metamethod/C-call boundary\" (PUC Lua 5.1).",
		Params: []Param{
			{Name: "fn", Type: ArgFunction, Optional: true, Doc: "fun(task): BTStatus?, run as a coroutine, one resume per tick"},
		},
		New: func(a Args) (bt.Task, error) {
			c := &coroutineImpl{lib: a.lib}
			if fn := a.Func("fn"); fn != nil {
				c.co = luaclass.NewCoroutine(fn)
			}
			return c, nil
		},
	})
}

// coroutineImpl is BTCoroutine:New(fn): an action whose body is a Lua
// function run as a coroutine across ticks. A run starts a new coroutine
// with fn(task); each tick resumes it once. A yield with a status gives
// that status (Running goes on; Success or Failure ends the run), a yield
// with nothing gives Running, and returning ends the run with the returned
// status, or Success when it returns none. When the run ends early (a
// parent ends it, or an abort), the suspended coroutine is closed and
// never resumed again; an error inside it stops the tree like any script
// error (blamed on the task whose code raised it: a child the coroutine
// ticked, or this task).
//
// As in PUC Lua 5.1, fn cannot yield across pcall, xpcall or another Go
// function: such a yield raises "attempt to yield across metamethod/C-call
// boundary", which a pcall around it catches (see luaclass.GuardYield for
// why Lua 5.2's yieldable pcall is not offered).
type coroutineImpl struct {
	bt.Action
	lib *Lib
	co  *luaclass.Coroutine
}

func (c *coroutineImpl) OnUpdate() bt.Status {
	if c.co == nil {
		return bt.Success
	}
	// The task's OnUpdate records it as the running task around this call.
	t, _ := c.Self().(*Task)
	st, L := c.lib.st, c.lib.L
	yielded, vals, err := st.Resume(c.co, t.Self)
	if err != nil {
		st.Reraise(err)
	}
	fn := c.co.Func()
	if yielded {
		if s, ok := statusOf(vals); ok {
			if s != bt.Running {
				c.co.Close()
			}
			return s
		}
		if len(vals) == 0 || vals[0] == lua.LNil {
			return bt.Running
		}
		c.co.Close()
		L.RaiseError("%s: BTCoroutine yielded %s, want a BTTaskStatus or nothing", luaerr.Defined(fn), luaerr.Describe(vals[0]))
	}
	if s, ok := statusOf(vals); ok && s != bt.Running {
		return s
	}
	if len(vals) == 0 || vals[0] == lua.LNil {
		return bt.Success
	}
	L.RaiseError("%s: BTCoroutine returned %s, want BTTaskStatus.Success, BTTaskStatus.Failure or nothing", luaerr.Defined(fn), luaerr.Describe(vals[0]))
	return bt.Failure
}

// OnEnd closes a coroutine that is still suspended.
func (c *coroutineImpl) OnEnd() {
	if c.co != nil {
		c.co.Close()
	}
}

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

// RestartsOnLoad reports true (bt.Restarter): a save cannot hold a
// suspended coroutine, so a BTCoroutine running when saved starts over
// at its next tick after a restore: OnStart again, then its function from
// the top.
func (c *coroutineImpl) RestartsOnLoad() bool { return true }
