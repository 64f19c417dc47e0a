package bt

// ParallelComplete runs all of its children in the same tick and ends with
// the status of the first child to finish, whether Success or Failure
// (Behavior Designer's ParallelComplete: "the parallel complete task will
// return the child status as soon as the child returns success or
// failure"). "First" is in tick order: within one tick children are ticked
// in child order, so when several would finish in the same tick the
// leftmost one decides and the later ones are not ticked. The children
// still running are ended (OnEnd). An empty ParallelComplete fails. A
// conditional abort restarts every child.
type ParallelComplete struct {
	Composite
	parallelState
}

// NewParallelComplete returns a ParallelComplete over children. It panics
// if a child cannot be attached (see ParentTask.AddChild).
func NewParallelComplete(children ...Task) *ParallelComplete {
	p := &ParallelComplete{}
	p.Init(p, "")
	addAll(p, children)
	return p
}

// OnUpdate ticks every child until one finishes.
func (p *ParallelComplete) OnUpdate() Status {
	return p.run(p.children, Running, Failure)
}
