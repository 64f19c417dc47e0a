package bt

// ParallelSelector runs all of its children in the same tick and succeeds
// as soon as one of them succeeds (Behavior Designer's ParallelSelector:
// "if one tasks returns success the parallel selector task will end all of
// the child tasks and return success. If every child task returns failure
// then the parallel selector task will return failure"). Like [Parallel],
// each tick it ticks in child order only the children that have not
// finished in this run; on the first Success the children after it are not
// ticked in that tick and every child still running is ended (OnEnd). An
// empty ParallelSelector fails. A conditional abort restarts every child.
type ParallelSelector struct {
	Composite
	parallelState
}

// NewParallelSelector returns a ParallelSelector over children. It panics
// if a child cannot be attached (see ParentTask.AddChild).
func NewParallelSelector(children ...Task) *ParallelSelector {
	p := &ParallelSelector{}
	p.Init(p, "")
	addAll(p, children)
	return p
}

// OnUpdate ticks every unfinished child.
func (p *ParallelSelector) OnUpdate() Status {
	return p.run(p.children, Success, Failure)
}
