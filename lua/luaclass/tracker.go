package luaclass

import (
	"runtime/debug"

	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// This file keeps the record of the task whose code runs now, which errors
// are attributed to. It is the one task tracker of all bindings: every
// call into a task's code, Lua or Go, is bracketed as
//
//	defer s.Leave(s.Enter(t))
//
// so the record is restored on every exit path: a normal return, a Lua
// error that a script's pcall catches further up, a Go panic. Neither
// call allocates.

// Enter records t as the task whose code runs now and returns the record
// it replaces, for Leave.
func (s *State) Enter(t bt.Task) bt.Task {
	prev := s.current
	s.current = t
	return prev
}

// Leave restores the record that Enter replaced. On the way out of a
// panic it first notes where the panic started (see blame), then lets the
// panic go on.
func (s *State) Leave(prev bt.Task) {
	if r := recover(); r != nil {
		r = s.blame(r)
		s.current = prev
		panic(r)
	}
	s.current = prev
}

// Running returns the task whose code runs now, or nil.
func (s *State) Running() bt.Task { return s.current }

// RunningPath returns the path of the task whose code runs now, or "".
func (s *State) RunningPath() string {
	if s.current == nil {
		return ""
	}
	return bt.Path(s.current)
}

// blame notes the origin of a panic passing through Leave, while the
// record still names the innermost task, and returns the value to panic
// with. A Lua error (a *lua.ApiError, one per raise) is blamed on the
// task whose code raised it: the first Leave it passes (or the task that
// blameNext names). The core's reports of a task's mistake
// (*bt.StructureError, *bt.StatusError, *bt.VariableError, *bt.StopError) are noted with the innermost task
// (mistakeBy; a *bt.VariableError with the task it names) and reported as script errors. Any other value is a Go
// panic: it becomes a *luaerr.GoPanic with the Go stack of the panic and
// the task's path.
func (s *State) blame(r any) any {
	switch v := r.(type) {
	case *lua.ApiError:
		if v != s.raised {
			by := s.current
			if s.blameNext != nil {
				by, s.blameNext = s.blameNext, nil
			}
			s.raised, s.raisedBy = v, by
		}
		return v
	case *luaerr.GoPanic:
		return v
	case *bt.VariableError:
		// A missing or mistyped variable: the error names its task (a
		// precondition's composite, checked before the composite's own
		// record is entered, while its parent's is current).
		if s.mistakeBy == nil {
			s.mistakeBy = v.Task
			if v.Task == nil {
				s.mistakeBy = s.current
			}
		}
		return v
	case *bt.StopError:
		// A tick stopped from outside (the CPU budget) between Go tasks:
		// blamed on the task about to run.
		if s.mistakeBy == nil {
			s.mistakeBy = v.Task
		}
		return v
	case *bt.StructureError, *bt.StatusError:
		// The core's reports of a task's own mistake (no child, a bad
		// status): script errors of that task, not failures of Go code.
		if s.mistakeBy == nil {
			s.mistakeBy = s.current
		}
		return v
	}
	p := &luaerr.GoPanic{Value: r, Stack: debug.Stack(), Task: s.RunningPath()}
	s.panicked = p
	return p
}

// Fail raises msg as a Lua error blamed on t: the error of a task found
// incomplete or misused by Go code that runs outside t's own record.
func (s *State) Fail(t bt.Task, msg string) {
	s.current = t
	s.L.Error(lua.LString(msg), 0)
}

// ForgetBlame drops what the tracker noted about past errors; a tree tick
// calls it before and after.
func (s *State) ForgetBlame() {
	s.raised, s.raisedBy, s.blameNext, s.panicked, s.mistakeBy = nil, nil, nil, nil, nil
}

// Blame returns what the tracker noted about err, the error of a
// protected call: the Go panic it stands for (nil for a Lua error), and
// the path of the task whose code raised it ("" when unknown).
func (s *State) Blame(err error) (panicked *luaerr.GoPanic, path string) {
	api, _ := err.(*lua.ApiError)
	if api != nil && api.Type == lua.ApiErrorPanic && s.panicked != nil {
		return s.panicked, ""
	}
	switch {
	case api != nil && api == s.raised && s.raisedBy != nil:
		path = bt.Path(s.raisedBy)
	case api != nil && api.Type == lua.ApiErrorPanic && s.mistakeBy != nil:
		path = bt.Path(s.mistakeBy)
	}
	return nil, path
}
