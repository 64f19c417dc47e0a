package bt

import "fmt"

// VariableError is the panic value of a declarative variable task or
// precondition ([VarTest], [SetVariable], [Increment]) whose variable is
// not set or has the wrong type, or that runs outside a tree: a mistake
// of the tree's author, reported like a [StatusError] rather than read as
// a Failure.
type VariableError struct {
	// Task is the task that read the variable (the composite, for a
	// precondition).
	Task Task
	// Name is the variable.
	Name string
	// Test is the test or action as written ("health < 30"), or "".
	Test string
	// Problem says what is wrong, after the variable's name.
	Problem string
	// Where is where the test was written, "file:line" ([VarTest].Where:
	// a precondition's AddCondition call), or "".
	Where string
}

// Error returns `file:line: bt: PATH: TEST: variable "NAME" PROBLEM`;
// the location is Where, else the task's own for a [Located] task, else
// there is none.
func (e *VariableError) Error() string {
	msg := "bt: " + Path(e.Task) + ": "
	if e.Test != "" {
		msg += e.Test + ": "
	}
	msg += fmt.Sprintf("variable %q %s", e.Name, e.Problem)
	if e.Where != "" {
		msg = e.Where + ": " + msg
	} else if l, ok := e.Task.(Located); ok {
		if at := l.Location(); at != "" {
			msg = at + ": " + msg
		}
	}
	return msg
}

// treeOf returns the tree task b runs in: its own, else its nearest
// ancestor's (a child that a scripted composite ticks itself may never
// have been given its tree).
func treeOf(b *TaskBase) *BehaviorTree {
	for cur := b; cur != nil; {
		if cur.tree != nil {
			return cur.tree
		}
		if cur.parent == nil {
			return nil
		}
		cur = cur.parent.Base()
	}
	return nil
}

// blackboardOf returns the blackboard that variable name of the task of
// b lives in, with its name there (see [ResolveVariable]), or panics with
// a *VariableError about name when b is not in a tree; what names the
// test or action in that error (called only then).
func blackboardOf(b *TaskBase, name string, what func() string) (*Blackboard, string) {
	if tr := treeOf(b); tr != nil {
		if b.scoped && b.ref == nil {
			return tr.Blackboard, name
		}
		return resolveName(b, tr, name)
	}
	panic(&VariableError{Task: b.self, Name: name, Test: what(), Problem: "cannot be read: the task is not in a running tree"})
}
