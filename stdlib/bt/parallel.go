package bt

// Parallel runs all of its children in the same tick (Behavior Designer's
// Parallel, as in part 11 of the Lua behavior-tree series). Each tick it
// ticks, in child order, every child that has not finished in this run; a
// child that finished is not ticked again. The first child Failure ends the
// Parallel with Failure at once: later children are not ticked that tick
// and the children still running are ended (OnEnd). When every child has
// succeeded the Parallel succeeds. An empty Parallel fails.
type Parallel struct {
	Composite
	done []Status
}

// NewParallel returns a Parallel over children. It panics if a child
// cannot be attached (see ParentTask.AddChild).
func NewParallel(children ...Task) *Parallel {
	p := &Parallel{}
	p.Init(p, "")
	addAll(p, children)
	return p
}

// OnUpdate ticks every unfinished child.
func (p *Parallel) OnUpdate() Status {
	if len(p.children) == 0 {
		return Failure
	}
	if len(p.done) != len(p.children) {
		p.done = make([]Status, len(p.children))
	}
	running := false
	for i, c := range p.children {
		if p.done[i].Done() {
			continue
		}
		s := Tick(c)
		p.done[i] = s
		switch s {
		case Failure:
			return Failure
		case Running:
			running = true
		}
	}
	if running {
		return Running
	}
	return Success
}

// OnEnd forgets which children finished; Tick has already ended the
// children still running.
func (p *Parallel) OnEnd() {
	for i := range p.done {
		p.done[i] = Inactive
	}
}
