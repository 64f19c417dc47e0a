package bt

import "fmt"

// SetVariable is an action that sets a blackboard variable of its tree and
// succeeds (Behavior Designer's SetSharedVariable family). Value is stored
// with [Blackboard.SetValue] (a float64 or bool unboxed; nil deletes); the
// variable is resolved to its slot once per blackboard.
type SetVariable struct {
	Action
	// Name is the variable.
	Name string
	// Value is the value to store.
	Value any

	bb   *Blackboard
	slot Slot
}

// NewSetVariable returns an action setting name to value.
func NewSetVariable(name string, value any) *SetVariable {
	a := &SetVariable{Name: name, Value: value}
	a.Init(a, "")
	return a
}

// OnUpdate sets the variable and returns Success.
func (a *SetVariable) OnUpdate() Status {
	bb, name := blackboardOf(&a.TaskBase, a.Name, a.what)
	if a.bb != bb {
		a.bb, a.slot = bb, bb.Slot(name)
	}
	bb.SetValue(a.slot, a.Value)
	return Success
}

// Increment is an action that adds By to a number variable of its tree
// and succeeds. The variable must be set to a number: otherwise it panics
// with a *VariableError naming the task and the variable.
type Increment struct {
	Action
	// Name is the variable.
	Name string
	// By is added at each run (may be negative; finite: the Lua binding
	// refuses NaN and infinities).
	By float64

	bb   *Blackboard
	slot Slot
}

// NewIncrement returns an action adding by to name.
func NewIncrement(name string, by float64) *Increment {
	a := &Increment{Name: name, By: by}
	a.Init(a, "")
	return a
}

// OnUpdate adds By to the variable and returns Success.
func (a *Increment) OnUpdate() Status {
	bb, name := blackboardOf(&a.TaskBase, a.Name, a.what)
	if a.bb != bb {
		a.bb, a.slot = bb, bb.Slot(name)
	}
	v, ok, isNum := bb.Number(a.slot)
	if !ok {
		panic(&VariableError{Task: a.self, Name: a.Name, Test: a.what(), Problem: "is not set (give it a starting number)"})
	}
	if !isNum {
		x, _ := bb.Value(a.slot)
		panic(&VariableError{Task: a.self, Name: a.Name, Test: a.what(), Problem: "is " + describeValue(x) + ", want a number"})
	}
	bb.SetNumber(a.slot, v+a.By)
	return Success
}

// what names the action in errors: "increment by 1".
func (a *Increment) what() string { return fmt.Sprintf("increment by %v", a.By) }

// what names the action in errors: "set to VALUE".
func (a *SetVariable) what() string { return fmt.Sprintf("set to %v", a.Value) }
