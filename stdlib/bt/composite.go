package bt

// Composite is the base of tasks that run several children in some order
// (Behavior Designer's Composite).
type Composite struct {
	ParentBase
}

// Decorator is the base of tasks with exactly one child whose run they
// shape (Behavior Designer's Decorator).
type Decorator struct {
	ParentBase
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
