package btlib

import (
	"runtime/debug"

	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// This file keeps the record of the task whose code runs now (Lib.current),
// which errors are attributed to. Every call into a task's code, Lua or
// Go, is bracketed as
//
//	defer lib.leave(lib.enter(t))
//
// so the record is restored on every exit path: a normal return, a Lua
// error that a script's pcall catches further up, a Go panic. Neither
// call allocates.

// enter records t as the task whose code runs now and returns the record
// it replaces, for leave.
func (lib *Lib) enter(t *Task) *Task {
	prev := lib.current
	lib.current = t
	return prev
}

// leave restores the record that enter replaced. On the way out of a
// panic it first notes where the panic started (see blame), then lets the
// panic go on.
func (lib *Lib) leave(prev *Task) {
	if r := recover(); r != nil {
		r = lib.blame(r)
		lib.current = prev
		panic(r)
	}
	lib.current = prev
}

// blame notes the origin of a panic passing through leave, while the
// record still names the innermost task, and returns the value to panic
// with. A Lua error (a *lua.ApiError, one per raise) is blamed on the
// task whose code raised it: the first leave it passes (or the task that
// blameNext names). The core's reports of a task's mistake
// (*bt.StructureError, *bt.StatusError) are noted with the innermost task
// (mistakeBy) and reported as script errors. Any other value is a Go
// panic: it becomes a *luaerr.GoPanic with the Go stack of the panic and
// the task's path.
func (lib *Lib) blame(r any) any {
	switch v := r.(type) {
	case *lua.ApiError:
		if v != lib.raised {
			by := lib.current
			if lib.blameNext != nil {
				by, lib.blameNext = lib.blameNext, nil
			}
			lib.raised, lib.raisedBy = v, by
		}
		return v
	case *luaerr.GoPanic:
		return v
	case *bt.StructureError, *bt.StatusError, *bt.VariableError:
		// The core's reports of a task's own mistake (no child, a bad
		// status): script errors of that task, not failures of Go code.
		if lib.mistakeBy == nil {
			lib.mistakeBy = lib.current
		}
		return v
	}
	p := &luaerr.GoPanic{Value: r, Stack: debug.Stack(), Task: lib.Current()}
	lib.panicked = p
	return p
}

// reraise raises err, the error a BTCoroutine's coroutine ended with,
// again on the main state (see rethrow). When the error had been blamed on
// a task the coroutine ran (a child it ticked), it stays blamed on that
// task: the next leave, the coroutine task's own, blames it there.
func (lib *Lib) reraise(err error) {
	if api, ok := err.(*lua.ApiError); ok && lib.raised != nil && lib.raisedBy != nil && lib.raised.Object == api.Object {
		lib.blameNext = lib.raisedBy
	}
	lib.rethrow(lib.L, err)
}

// forgetBlame drops what blame noted, before and after a tree tick.
func (lib *Lib) forgetBlame() {
	lib.raised, lib.raisedBy, lib.blameNext, lib.panicked, lib.mistakeBy = nil, nil, nil, nil, nil
}

// setUpdating sets t.updating to v and returns its previous value, so
// that "defer t.setUpdating(t.setUpdating(true))" marks a Lua OnUpdate
// running until it returns or raises.
func (t *Task) setUpdating(v bool) bool {
	prev := t.updating
	t.updating = v
	return prev
}

// setTicking makes tr the tree being ticked and returns the previous one,
// for "defer lib.setTicking(lib.setTicking(tr))".
func (lib *Lib) setTicking(tr *Tree) *Tree {
	prev := lib.ticking
	lib.ticking = tr
	return prev
}
