package luaclass

import (
	"context"

	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/lua/luavm"

	lua "github.com/yuin/gopher-lua"
)

// This file is the one coroutine runner of the bindings: the Lua functions
// that run across ticks (BTCoroutine, BTAI's RunCoroutine) and the Go
// functions that Lua calls from inside a coroutine.
//
// Task code always runs on the main thread (State.L), also when a
// coroutine calls a task method (a BTCoroutine that ticks a child). A
// gopher-lua error unwinds only the stack of the thread whose handler
// catches it, so an error raised on the main thread and caught by the
// coroutine's pcall or resume would leave the main thread's stack corrupt
// (later calls read wrong values). A Go function that Lua called on
// another thread therefore runs task code through OnMain.

// Coroutine is a Lua function run as a coroutine of the state, one resume
// at a time: a thread is made at the first resume and dropped when the
// function returns, raises, or the coroutine is closed.
type Coroutine struct {
	fn     *lua.LFunction
	th     *lua.LState
	cancel context.CancelFunc
}

// NewCoroutine returns a coroutine of fn, not started.
func NewCoroutine(fn *lua.LFunction) *Coroutine { return &Coroutine{fn: fn} }

// Func returns the coroutine's function.
func (c *Coroutine) Func() *lua.LFunction { return c.fn }

// Suspended reports whether the coroutine has started and not ended.
func (c *Coroutine) Suspended() bool { return c.th != nil }

// Resume resumes c on the state's main thread; the first resume starts
// the function with args (later resumes pass none). It returns the values
// yielded (yielded true), or returned when the function ended; err is the
// error the function raised. After a return or an error the coroutine is
// over: the next Resume starts the function again. The thread that was
// running before is running again afterwards.
func (s *State) Resume(c *Coroutine, args ...lua.LValue) (yielded bool, vals []lua.LValue, err error) {
	L := s.L
	fresh := c.th == nil
	if fresh {
		c.th, c.cancel = L.NewThread()
		if ctx := L.Context(); ctx != nil {
			// The state's own context (the host's CPU budget): gopher-lua
			// gives a thread a child context, which does not follow the
			// state's later contexts, so a coroutine kept across ticks
			// would escape the budget.
			luavm.SetContext(c.th, ctx)
		}
	}
	caller := L.G.CurrentThread
	var st lua.ResumeState
	if fresh {
		st, err, vals = L.Resume(c.th, c.fn, args...)
	} else {
		st, err, vals = L.Resume(c.th, c.fn)
	}
	L.G.CurrentThread = caller
	if err != nil {
		s.locate(err, c.th)
	}
	if err != nil || st != lua.ResumeYield {
		c.drop()
		return false, vals, err
	}
	return true, vals, nil
}

// locate makes the value of err, the error a coroutine (thread th) ended
// with, a string located where it was raised when it is not one
// (luaerr.StringifyAt): gopher-lua keeps no stack traceback for the
// errors of a coroutine, so the location is taken from th's frames now.
// The tracker's note of the raise follows the new value (see Reraise).
func (s *State) locate(err error, th *lua.LState) {
	api, ok := err.(*lua.ApiError)
	if !ok {
		return
	}
	if _, isString := api.Object.(lua.LString); isString || api.Object == nil {
		return
	}
	old := api.Object
	luaerr.StringifyAt(s.L, err, luaerr.WhereRaised(th))
	if s.raised != nil && s.raised.Object == old {
		s.raised.Object = api.Object
	}
}

// Close ends a suspended coroutine: its thread is marked dead, so it can
// never be resumed again (coroutine.status reports "dead"; gopher-lua has
// no coroutine.close), and its context is cancelled when it has one.
func (c *Coroutine) Close() {
	if c.th != nil {
		c.th.Dead = true
	}
	c.drop()
}

func (c *Coroutine) drop() {
	if c.cancel != nil {
		c.cancel()
	}
	c.th, c.cancel = nil, nil
}

// OnMain runs f, which runs task code, for a Go function that Lua called
// on thread L: directly when L is the main thread, else in a protected
// call of the main thread, the error raised again on L (see Rethrow). The
// coroutine running before is current again afterwards, whatever f
// resumed.
func (s *State) OnMain(L *lua.LState, f func()) {
	if L == s.L {
		f()
		return
	}
	fn := s.L.NewFunction(func(*lua.LState) int {
		f()
		return 0
	})
	running := L.G.CurrentThread
	s.L.Push(fn)
	err := s.L.PCall(0, 0, nil)
	L.G.CurrentThread = running
	if err != nil {
		s.Rethrow(L, err)
	}
}

// Rethrow raises on thread L the error err of a protected call or a
// coroutine: a Go panic (see the tracker) as the same *luaerr.GoPanic, so
// that it is still reported as one; a Lua error with the same error value,
// one that is not a string made a string located where it was raised
// (luaerr.Stringify).
func (s *State) Rethrow(L *lua.LState, err error) {
	api, ok := err.(*lua.ApiError)
	if !ok {
		L.RaiseError("%v", err)
		return
	}
	if p := s.panicked; p != nil && (api.Type == lua.ApiErrorPanic || api.Object == lua.LString(p.Error())) {
		panic(p)
	}
	// A value that is not a string carries no position: it gets one now,
	// from the stack where it was raised, before the stack is lost.
	L.Error(luaerr.Stringify(L, api).(*lua.ApiError).Object, 0)
}

// Reraise raises err, the error a coroutine ended with, again on the main
// thread (see Rethrow). When the error had been blamed on a task the
// coroutine ran (a child it ticked), it stays blamed on that task: the
// next Leave, the coroutine task's own, blames it there.
func (s *State) Reraise(err error) {
	if api, ok := err.(*lua.ApiError); ok && s.raised != nil && s.raisedBy != nil && s.raised.Object == api.Object {
		s.blameNext = s.raisedBy
	}
	s.Rethrow(s.L, err)
}
