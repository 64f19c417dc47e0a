package bt

import (
	"errors"
	"fmt"
)

// ParentTask is a task with children: a Composite or a Decorator, as in
// Behavior Designer's ParentTask.
type ParentTask interface {
	Task
	// Children returns the children in order. The slice is owned by the
	// task; callers must not modify it.
	Children() []Task
	// AddChild appends child. It fails with ErrCycle when child is the task
	// itself or one of its ancestors, ErrHasParent when child is already
	// attached elsewhere, ErrNilTask for nil, and ErrTooManyChildren when the
	// task takes no more children (a Decorator takes one).
	AddChild(child Task) error
}

// Errors returned by AddChild.
var (
	ErrNilTask         = errors.New("bt: task is nil")
	ErrCycle           = errors.New("bt: task would become its own ancestor")
	ErrHasParent       = errors.New("bt: task already has a parent")
	ErrTooManyChildren = errors.New("bt: task takes no more children")
)

// ParentBase is the base of tasks that hold children. MaxChildren limits how
// many it takes (0 means no limit).
type ParentBase struct {
	TaskBase
	children    []Task
	maxChildren int
}

// Children returns the children in order.
func (p *ParentBase) Children() []Task { return p.children }

// AddChild appends child after checking it can be attached (see
// ParentTask.AddChild for the errors).
func (p *ParentBase) AddChild(child Task) error {
	if child == nil {
		return ErrNilTask
	}
	self := p.self
	if self == nil {
		return errors.New("bt: parent task was not initialised with Init")
	}
	cb := child.Base()
	for a := Task(self); a != nil; a = a.Base().parent {
		if a.Base() == cb {
			return fmt.Errorf("%w: %s under %s", ErrCycle, Path(child), Path(self))
		}
	}
	if cb.parent != nil {
		return fmt.Errorf("%w: %s is a child of %s", ErrHasParent, Path(child), Path(cb.parent))
	}
	if p.maxChildren > 0 && len(p.children) >= p.maxChildren {
		return fmt.Errorf("%w: %s takes %d", ErrTooManyChildren, Path(self), p.maxChildren)
	}
	cb.SetParent(self, len(p.children))
	p.children = append(p.children, child)
	return nil
}

// Path returns the task's path from the root, like
// "Root/Sequence[0]/Attack[2]": each step is a name (or the Go type's
// short kind when unnamed) with the child index in brackets.
func Path(t Task) string {
	if t == nil {
		return "<nil>"
	}
	b := t.Base()
	name := DisplayName(t)
	if b.parent == nil {
		return name
	}
	return fmt.Sprintf("%s/%s[%d]", Path(b.parent), name, b.index)
}

// DisplayName returns the task's Name, or its kind when it has none.
func DisplayName(t Task) string {
	if n := t.Base().Name; n != "" {
		return n
	}
	return Kind(t)
}

// Kinded is implemented by tasks that name their own kind (the Lua binding
// reports the script class name).
type Kinded interface{ Kind() string }

// Kind returns the task's kind: Kinded.Kind when implemented, else the Go
// type name without package ("Sequence").
func Kind(t Task) string {
	if k, ok := t.(Kinded); ok {
		return k.Kind()
	}
	s := fmt.Sprintf("%T", t)
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '.' {
			s = s[i+1:]
			break
		}
	}
	if len(s) > 0 && s[0] == '*' {
		s = s[1:]
	}
	return s
}
