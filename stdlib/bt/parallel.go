package bt

// Parallel runs all of its children in the same tick (Behavior Designer's
// Parallel, as in part 11 of the Lua behavior-tree series). Each tick it
// ticks, in child order, every child that has not finished in this run; a
// child that finished is not ticked again. The first child Failure ends the
// Parallel with Failure at once: later children are not ticked that tick
// and the children still running are ended (OnEnd). When every child has
// succeeded the Parallel succeeds. An empty Parallel fails.
//
// On a conditional abort the Parallel restarts every child, as Behavior
// Designer's Parallel.OnConditionalAbort does ("start from the beginning").
type Parallel struct {
	Composite
	parallelState
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
	return p.run(p.children, Failure, Success)
}

// ParallelRunner is implemented by composites that run their children
// side by side rather than one after another (Behavior Designer's
// ParentTask.CanRunParallelChildren): Parallel, ParallelSelector and
// ParallelComplete return true. None of the children of such a composite
// is of lower priority than another, so the composite does not
// re-evaluate their LowerPriority guards (see [AbortType]). The package
// looks through [Wrapper] to find it; a composite that does not implement
// it runs its children one at a time.
type ParallelRunner interface {
	Task
	CanRunParallelChildren() bool
}

// runsChildrenInParallel reports whether t, or a task t wraps, is a
// ParallelRunner that runs its children side by side.
func runsChildrenInParallel(t Task) bool {
	for range maxUnwrap {
		if r, ok := t.(ParallelRunner); ok {
			return r.CanRunParallelChildren()
		}
		w, ok := t.(Wrapper)
		if !ok {
			return false
		}
		t = w.Unwrap()
	}
	return false
}

// parallelState is the bookkeeping shared by the parallel composites: the
// status each child finished with in the current run (Inactive while it
// has not finished), as in Behavior Designer's executionStatus array.
type parallelState struct {
	done []Status
}

// run ticks, in order, each child of children that has not finished in
// this run. A child finishing with stop (Success or Failure; Running for
// "either") ends the run with that status at once: later children are not
// ticked and Tick ends those still running. When every child has finished
// without a stop, run returns all.
func (p *parallelState) run(children []Task, stop, all Status) Status {
	if len(children) == 0 {
		return Failure
	}
	if len(p.done) != len(children) {
		p.done = make([]Status, len(children))
	}
	running := false
	for i, c := range children {
		if p.done[i].Done() {
			continue
		}
		s := Tick(c)
		p.done[i] = s
		if s == Running {
			running = true
			continue
		}
		if s == stop || stop == Running {
			return s
		}
	}
	if running {
		return Running
	}
	return all
}

// OnEnd forgets which children finished; Tick has already ended the
// children still running.
func (p *parallelState) OnEnd() {
	for i := range p.done {
		p.done[i] = Inactive
	}
}

// CanRunParallelChildren reports true: the parallel composites run their
// children side by side (see [ParallelRunner]).
func (p *parallelState) CanRunParallelChildren() bool { return true }

// OnConditionalAbort restarts every child: the aborting composite has
// ended the running ones.
func (p *parallelState) OnConditionalAbort(int) { p.OnEnd() }
