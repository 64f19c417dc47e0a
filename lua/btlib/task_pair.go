package btlib

import (
	"github.com/btlua/btlua/stdlib/bt"
)

// A task of a built-in class is two Go values that live and die
// together: the *Task that binds its table and the built-in behaviour it
// wraps (Task.Impl). For the classes most tasks are made of (BTTask,
// BTAction, BTConditional, BTSequence, BTSelector) both come in one
// allocation (issue 23, build per agent: thirteen tasks per warrior agent,
// one allocation fewer each). Each pair is a multiple of 64 bytes (256 or
// 448), so the Task stays at the start of a cache line, as when it is
// allocated alone.

// taskPair is a Task and its behaviour T in one allocation.
type taskPair[T any] struct {
	task Task
	impl T
}

// implPtr is the pointer type of a behaviour T that is a bt.Task.
type implPtr[T any] interface {
	*T
	bt.Task
}

// paired returns a Class.pair that makes a zero T next to its Task and
// gives it to fill (nil: the zero T is the behaviour, as New makes it).
// The Task is zero: bind fills it.
func paired[T any, P implPtr[T]](fill func(P, Args) error) func(Args) (*Task, bt.Task, error) {
	return func(a Args) (*Task, bt.Task, error) {
		p := &taskPair[T]{}
		impl := P(&p.impl)
		impl.Base().Init(impl, "")
		if fill != nil {
			if err := fill(impl, a); err != nil {
				return nil, nil, err
			}
		}
		return &p.task, impl, nil
	}
}
