package bt

// Selector runs its children one after another until one succeeds, like a
// logical OR (Behavior Designer's Selector, the mirror of Sequence). A
// child's Failure moves on to the next child in the same tick; a Running
// child is resumed next tick; the first Success ends the Selector with
// Success; when every child failed the Selector fails. An empty Selector
// fails. Each run starts again from the first child.
type Selector struct {
	Composite
	current int
}

// NewSelector returns a Selector over children. It panics if a child
// cannot be attached (see ParentTask.AddChild).
func NewSelector(children ...Task) *Selector {
	s := &Selector{}
	s.Init(s, "")
	addAll(s, children)
	return s
}

// CurrentChildIndex returns the index of the child that runs or runs next.
func (s *Selector) CurrentChildIndex() int { return s.current }

// OnUpdate ticks children from the current one on.
func (s *Selector) OnUpdate() Status {
	for s.current < len(s.children) {
		switch Tick(s.children[s.current]) {
		case Running:
			return Running
		case Success:
			s.current = 0
			return Success
		}
		s.current++
	}
	s.current = 0
	return Failure
}

// OnEnd rewinds to the first child.
func (s *Selector) OnEnd() { s.current = 0 }

// OnConditionalAbort resumes at child i (Behavior Designer's
// Selector.OnConditionalAbort: "set the current child index to the index
// that caused the abort").
func (s *Selector) OnConditionalAbort(i int) { s.current = i }
