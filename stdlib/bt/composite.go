package bt

// Composite is the base of tasks that run several children in some order
// (Behavior Designer's Composite).
//
// Two features of the shared tick path hang off Composite and cost nothing
// when unused:
//
//   - Abort, Behavior Designer's conditional abort type (see abort.go and
//     [AbortType]). A composite takes part in aborts only when its Go type
//     implements [ConditionalAbortHandler]; all the composites of this
//     package do.
//   - Preconditions added with [Composite.AddCondition], after the warrior
//     seed's composite conditions (see precondition.go).
type Composite struct {
	ParentBase
	// Abort is the composite's conditional abort type (Behavior Designer's
	// abortType); AbortNone by default. Change it only while the composite
	// is not running, with SetAbortType; a direct write after the tree
	// has run must be followed by StructureChanged (the parent caches
	// whether a child aborts LowerPriority).
	Abort AbortType
	// lpEpoch is the structure epoch at which lpChild was computed (see
	// lowerPriorityChild).
	lpEpoch uint64
	lpChild bool
	// wc caches watchesAborts (a run start asks it).
	wc watchCache

	conds []Condition
	// vconds holds the declarative conditions (AddVarCondition) that conds
	// points into, allocated a chunk at a time so that a composite's
	// conditions share memory (one cache miss, not one each).
	vconds []varCondition
	// watch is computed when a run starts: the composite re-evaluates
	// conditionals of its children while it runs (Self abort, or a
	// LowerPriority composite among its children).
	watch bool
}

// compositeBase returns c; tasks embedding Composite implement
// compositeTask through it.
func (c *Composite) compositeBase() *Composite { return c }

// compositeTask is implemented by every task embedding Composite.
type compositeTask interface {
	Task
	compositeBase() *Composite
}

// Decorator is the base of tasks with exactly one child whose run they
// shape (Behavior Designer's Decorator). A built-in decorator ticked
// without a child panics with a *StructureError naming it: the tree was
// built incomplete, a programming error like an invalid status (see
// [StatusError]), not a Failure to act on. (An empty composite, which has
// nothing to run, fails.)
type Decorator struct {
	ParentBase
}

// decoratorBase returns d; tasks embedding Decorator implement
// decoratorTask through it.
func (d *Decorator) decoratorBase() *Decorator { return d }

// decoratorTask is implemented by every task embedding Decorator.
type decoratorTask interface {
	Task
	decoratorBase() *Decorator
}

// initDecorator limits d to one child.
func (d *Decorator) initDecorator(self Task, name string) {
	d.Init(self, name)
	d.maxChildren = 1
}

// Child returns the decorated child, or nil when none was added.
func (d *Decorator) Child() Task {
	if len(d.children) == 0 {
		return nil
	}
	return d.children[0]
}

// child returns the decorated child, panicking with a *StructureError
// when there is none.
func (d *Decorator) child() Task {
	if len(d.children) == 0 {
		panic(&StructureError{Task: d.self, Problem: "has no child; add one with AddChild", Decorator: true})
	}
	return d.children[0]
}

// NewDecoratorBase initialises a Decorator embedded in a custom Go task:
// call it from the custom task's constructor with the outer task.
func NewDecoratorBase(d *Decorator, self Task, name string) { d.initDecorator(self, name) }

// addAll adds children to p, panicking on a construction error: it serves
// the New* constructors, whose callers build trees in code.
func addAll(p ParentTask, children []Task) {
	for _, c := range children {
		if err := p.AddChild(c); err != nil {
			panic(err)
		}
	}
}

// newDecorator initialises d for self and attaches child when it is not
// nil, panicking on a construction error.
func newDecorator(d *Decorator, self Task, child Task) {
	d.initDecorator(self, "")
	if child != nil {
		if err := d.AddChild(child); err != nil {
			panic(err)
		}
	}
}

// SetAbortType sets the composite's conditional abort type (the Abort
// field), for callers that hold the composite through an interface, such
// as the Lua binding. Call it only while the composite is not running.
func (c *Composite) SetAbortType(a AbortType) {
	c.Abort = a
	StructureChanged()
}

// AbortType returns the composite's conditional abort type.
func (c *Composite) AbortType() AbortType { return c.Abort }
