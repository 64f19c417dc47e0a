package btlib

import (
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/stdlib/bt"
)

// A task of a built-in class is two Go values that live and die
// together: the *Task that binds its table and the built-in behaviour it
// wraps (Task.Impl). For the classes most tasks are made of (BTTask,
// BTAction, BTConditional, BTSequence, BTSelector) both come in one
// allocation, and with the task's table too when Class:New makes it
// (issue 23, build per agent: thirteen tasks per warrior agent, one to
// three allocations fewer each). Each size is a multiple of 64 bytes
// (256, 384, 448 or 576), so the Task stays at the start of a cache line,
// as when it is allocated alone.

// taskPair is a Task and its behaviour T in one allocation.
type taskPair[T any] struct {
	task Task
	impl T
}

// taskCell is a Task, its behaviour T and its table in one allocation,
// for a task whose table New makes (a task of BTSequence:New()); the
// table comes last, so that the Task keeps its cache line.
type taskCell[T any] struct {
	task Task
	impl T
	cell luaclass.TableCell
}

// implPtr is the pointer type of a behaviour T that is a bt.Task.
type implPtr[T any] interface {
	*T
	bt.Task
}

// paired returns a Class.pair that makes a zero T next to its Task (and,
// when withTable is set, a table cell for the task) and gives it to fill
// (nil: the zero T is the behaviour, as New makes it). The Task is zero:
// bind fills it; the cell is not made yet.
func paired[T any, P implPtr[T]](fill func(P, Args) error) func(a Args, withTable bool) (*Task, *luaclass.TableCell, bt.Task, error) {
	return func(a Args, withTable bool) (*Task, *luaclass.TableCell, bt.Task, error) {
		var t *Task
		var cell *luaclass.TableCell
		var impl P
		if withTable {
			p := &taskCell[T]{}
			t, cell, impl = &p.task, &p.cell, P(&p.impl)
		} else {
			p := &taskPair[T]{}
			t, impl = &p.task, P(&p.impl)
		}
		impl.Base().Init(impl, "")
		if fill != nil {
			if err := fill(impl, a); err != nil {
				return nil, nil, nil, err
			}
		}
		return t, cell, impl, nil
	}
}
