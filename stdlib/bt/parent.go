package bt

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
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
	children []Task
	// inline holds the first children, in the task's own allocation: a
	// tick that reads the running child then finds it in the task's
	// memory, not in a list of its own (most decorators and many
	// composites have one or two children). Further children move the
	// list to an allocation of its own.
	inline      [2]Task
	maxChildren int
}

// Children returns the children in order.
func (p *ParentBase) Children() []Task { return p.children }

// AddChild appends child after checking it can be attached (see
// ParentTask.AddChild for the errors). The cycle check costs O(log n)
// amortised for a tree of n tasks, through root shortcuts (see
// ancestry.go): building a tree costs O(n log n) in any order, O(n) top
// down or bottom up. It used to walk up every ancestor, O(n²) for a chain
// built top down.
func (p *ParentBase) AddChild(child Task) error {
	if child == nil {
		return ErrNilTask
	}
	self := p.self
	if self == nil {
		return errors.New("bt: parent task was not initialised with Init")
	}
	cb := child.Base()
	if cb.parent != nil {
		// Refused either way; say cycle when it is one.
		if isAncestor(cb, self) {
			return fmt.Errorf("%w: %s under %s", ErrCycle, Path(child), Path(self))
		}
		return fmt.Errorf("%w: %s is a child of %s", ErrHasParent, Path(child), Path(cb.parent))
	}
	// child is a root: it is self or an ancestor of self exactly when it
	// is the root of self's tree.
	root := rootOf(self)
	if root.Base() == cb {
		return fmt.Errorf("%w: %s under %s", ErrCycle, Path(child), Path(self))
	}
	if p.maxChildren > 0 && len(p.children) >= p.maxChildren {
		return fmt.Errorf("%w: %s takes %d", ErrTooManyChildren, Path(self), p.maxChildren)
	}
	cb.SetParent(self, len(p.children))
	cb.up = root
	if p.children == nil {
		p.children = p.inline[:0:len(p.inline)]
	}
	p.children = append(p.children, child)
	StructureChanged()
	return nil
}

// Path returns the task's path from the root, like
// "Root/Sequence[1]/Attack[3]": each step is a name (or the Go type's
// short kind when unnamed) with its position among its parent's children
// in brackets, counted from 1 as Lua counts (the first child is [1]);
// that is TaskBase.Index()+1, Index being 0-based as Go counts. A
// [TreeReference] adds "@" and its file ("Flee[2]@flee.lua"). It costs
// the length of the path, whatever the depth.
func Path(t Task) string {
	if t == nil {
		return "<nil>"
	}
	depth, size := 0, 0
	for u := t; u != nil; u = u.Base().parent {
		depth++
		size += len(DisplayName(u)) + 8
	}
	chain := make([]Task, depth)
	for u, i := t, depth-1; u != nil; u, i = u.Base().parent, i-1 {
		chain[i] = u
	}
	var sb strings.Builder
	sb.Grow(size)
	var num [20]byte
	for i, u := range chain {
		if i > 0 {
			sb.WriteByte('/')
		}
		sb.WriteString(DisplayName(u))
		if i > 0 {
			sb.WriteByte('[')
			sb.Write(strconv.AppendInt(num[:0], int64(u.Base().index)+1, 10))
			sb.WriteByte(']')
		}
		if f := referenceFile(u); f != "" {
			sb.WriteByte('@')
			sb.WriteString(f)
		}
	}
	return sb.String()
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
// type name without package or pointer ("Sequence").
func Kind(t Task) string {
	if k, ok := t.(Kinded); ok {
		return k.Kind()
	}
	if t == nil {
		return "<nil>"
	}
	typ := reflect.TypeOf(t)
	for typ.Kind() == reflect.Pointer && typ.Name() == "" {
		typ = typ.Elem()
	}
	if n := typ.Name(); n != "" {
		return n
	}
	return typ.String()
}
