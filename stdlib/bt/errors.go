package bt

import "fmt"

// StatusError is the panic value of Tick when a task's OnUpdate returns a
// status other than Success, Failure or Running.
type StatusError struct {
	// Task is the task whose OnUpdate misbehaved.
	Task Task
	// Status is the invalid status it returned.
	Status Status
}

// Error describes the task and the status.
func (e *StatusError) Error() string {
	return fmt.Sprintf("bt: task %s returned %v from OnUpdate; want Success, Failure or Running", Path(e.Task), e.Status)
}

// StructureError is the panic value of Tick when a built-in task was
// built incomplete and cannot run: a decorator without a child, a
// ConditionalEvaluator without its conditional task. It is a programming
// error of the tree's builder, like a [StatusError]; failing quietly
// instead would hide it.
type StructureError struct {
	// Task is the incomplete task.
	Task Task
	// Problem says what is missing, after the task's path ("has no
	// child; add one with AddChild").
	Problem string
	// Decorator is set when the task is a decorator, so that the message
	// says so.
	Decorator bool
}

// Error returns "bt: decorator PATH PROBLEM", preceded by where the task
// was made when it is a [Located] task that knows ("ai.lua:12: bt: ...").
func (e *StructureError) Error() string {
	kind := ""
	if e.Decorator {
		kind = "decorator "
	}
	msg := "bt: " + kind + Path(e.Task) + " " + e.Problem
	if l, ok := e.Task.(Located); ok {
		if at := l.Location(); at != "" {
			msg = at + ": " + msg
		}
	}
	return msg
}

// Located is implemented by tasks that know where they were made, such as
// the Lua binding's tasks ("ai.lua:12"); errors about such a task start
// with that location.
type Located interface {
	Task
	// Location returns "file:line", or "" when unknown.
	Location() string
}
