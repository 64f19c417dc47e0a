package bt

// Sequence runs its children one after another, like a logical AND
// (Behavior Designer's Sequence). A child's Success moves on to the next
// child in the same tick (the choice of the Lua behavior-tree series, where
// BTSequence loops within one frame); a Running child is resumed next tick;
// the first Failure ends the Sequence with Failure; when every child
// succeeded the Sequence succeeds. An empty Sequence fails. Each run starts
// again from the first child.
type Sequence struct {
	Composite
	current int
}

// NewSequence returns a Sequence over children. It panics if a child
// cannot be attached (see ParentTask.AddChild); use AddChild to handle
// errors.
func NewSequence(children ...Task) *Sequence {
	s := &Sequence{}
	s.Init(s, "")
	addAll(s, children)
	return s
}

// CurrentChildIndex returns the index of the child that runs or runs next.
func (s *Sequence) CurrentChildIndex() int { return s.current }

// OnUpdate ticks children from the current one on.
func (s *Sequence) OnUpdate() Status {
	if len(s.children) == 0 {
		return Failure
	}
	for s.current < len(s.children) {
		switch Tick(s.children[s.current]) {
		case Running:
			return Running
		case Failure:
			s.current = 0
			return Failure
		}
		s.current++
	}
	s.current = 0
	return Success
}

// OnEnd rewinds to the first child.
func (s *Sequence) OnEnd() { s.current = 0 }

// OnConditionalAbort resumes at child i (Behavior Designer's
// Sequence.OnConditionalAbort: "set the current child index to the index
// that caused the abort").
func (s *Sequence) OnConditionalAbort(i int) { s.current = i }
