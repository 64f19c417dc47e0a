package bt

// UtilityScorer is implemented by tasks that report a utility to a
// UtilitySelector (Behavior Designer's Task.GetUtility). Tasks that do not
// implement it have utility 0. A scripted task implements it to take part
// in utility selection.
type UtilityScorer interface {
	Utility() float64
}

// UtilitySelector runs the child with the highest utility (Behavior
// Designer's UtilitySelector, "Utility Theory AI"). Every tick it asks each
// child that has not failed in this run for its [UtilityScorer] utility
// (0 when not implemented) and picks the highest, the leftmost on ties.
// When the pick differs from the child that was running, the running child
// is ended (OnEnd, deepest first) before the new one is ticked. A Running
// pick makes the selector Running; Success ends it with Success; a Failure
// excludes that child for the rest of the run and the next best child is
// picked in the same tick (as Behavior Designer removes it from the
// available children). When every child has failed, or it has none, the
// UtilitySelector fails.
//
// A conditional abort makes every child available again; the pick is then
// made by utility as usual.
type UtilitySelector struct {
	Composite
	failed  []bool
	current int
}

// NewUtilitySelector returns a UtilitySelector over children. It panics if
// a child cannot be attached (see ParentTask.AddChild).
func NewUtilitySelector(children ...Task) *UtilitySelector {
	s := &UtilitySelector{current: -1}
	s.Init(s, "")
	addAll(s, children)
	return s
}

// CurrentChildIndex returns the index of the running child, or -1.
func (s *UtilitySelector) CurrentChildIndex() int { return s.current }

// OnStart makes every child available.
func (s *UtilitySelector) OnStart() {
	n := len(s.children)
	if cap(s.failed) < n {
		s.failed = make([]bool, n)
	}
	s.failed = s.failed[:n]
	clear(s.failed)
	s.current = -1
}

// OnUpdate picks the best available child and ticks it.
func (s *UtilitySelector) OnUpdate() Status {
	if len(s.failed) != len(s.children) {
		s.OnStart()
	}
	for {
		best, bu := -1, 0.0
		for i, c := range s.children {
			if s.failed[i] {
				continue
			}
			u := utilityOf(c)
			if best < 0 || u > bu {
				best, bu = i, u
			}
		}
		if best < 0 {
			return Failure
		}
		if s.current >= 0 && s.current != best {
			End(s.children[s.current])
		}
		s.current = best
		switch Tick(s.children[best]) {
		case Running:
			return Running
		case Success:
			return Success
		}
		s.failed[best] = true
		s.current = -1
	}
}

// OnEnd forgets the running child.
func (s *UtilitySelector) OnEnd() { s.current = -1 }

// OnConditionalAbort makes every child available again.
func (s *UtilitySelector) OnConditionalAbort(int) {
	clear(s.failed)
	s.current = -1
}
