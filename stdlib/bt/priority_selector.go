package bt

// Prioritized is implemented by tasks that report a priority to a
// PrioritySelector (Behavior Designer's Task.GetPriority). Higher runs
// first. Tasks that do not implement it have priority 0. A scripted task
// implements it to take part in priority selection.
type Prioritized interface {
	Priority() float64
}

// PrioritySelector is a Selector whose children run in order of
// decreasing priority (Behavior Designer's PrioritySelector: "instead of
// running the tasks sequentially from left to right within the tree, the
// priority selector will ask the task what its priority is to determine
// the order"). Priorities are read once, when each run starts, from the
// children implementing [Prioritized] (0 for the others); equal priorities
// keep child order (a stable sort). Within the run it behaves like
// Selector. An empty PrioritySelector fails. A conditional abort continues
// at the aborting child's place in the current order.
type PrioritySelector struct {
	Composite
	childOrder
	prio []float64
}

// NewPrioritySelector returns a PrioritySelector over children. It panics
// if a child cannot be attached (see ParentTask.AddChild).
func NewPrioritySelector(children ...Task) *PrioritySelector {
	s := &PrioritySelector{}
	s.Init(s, "")
	addAll(s, children)
	return s
}

// OnStart reads the priorities and sorts the children by them.
func (s *PrioritySelector) OnStart() {
	n := len(s.children)
	if !s.begin(n) {
		return
	}
	if cap(s.prio) < n {
		s.prio = make([]float64, n)
	}
	s.prio = s.prio[:n]
	for i, c := range s.children {
		s.prio[i] = priorityOf(c)
	}
	ord := s.order
	for i := 1; i < n; i++ { // stable insertion sort, highest first
		for j := i; j > 0 && s.prio[ord[j]] > s.prio[ord[j-1]]; j-- {
			ord[j], ord[j-1] = ord[j-1], ord[j]
		}
	}
}

// OnUpdate runs the children in priority order.
func (s *PrioritySelector) OnUpdate() Status { return s.selector(s.children) }

// OnEnd rewinds to the first position; the order is kept for inspection.
func (s *PrioritySelector) OnEnd() { s.pos = 0 }

// OnConditionalAbort resumes at child i's place in the current order.
func (s *PrioritySelector) OnConditionalAbort(i int) { s.abortAt(i, s.started) }
