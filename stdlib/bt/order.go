package bt

// childOrder is the bookkeeping of composites that run their children in
// an order of their own (RandomSequence, RandomSelector, PrioritySelector):
// the permutation of child indices for the current run and the position
// of the child that runs or runs next. The slices are reused from run to
// run, so a steady state allocates nothing.
type childOrder struct {
	order []int
	pos   int
	// resumed is set by a conditional abort that arrives while the
	// composite is not running: the next run keeps the last order and
	// resumes at the aborting child instead of computing a new order.
	resumed bool
}

// identity resets the order to 0..n-1 and the position to the start.
func (o *childOrder) identity(n int) {
	if cap(o.order) < n {
		o.order = make([]int, n)
	}
	o.order = o.order[:n]
	for i := range o.order {
		o.order[i] = i
	}
	o.pos = 0
}

// begin prepares a run over n children: it reports whether the caller
// must compute a new order (false when a conditional abort asked to keep
// the last one).
func (o *childOrder) begin(n int) bool {
	if o.resumed && len(o.order) == n {
		o.resumed = false
		return false
	}
	o.resumed = false
	o.identity(n)
	return true
}

// abortAt moves the position to child i's place in the current order
// (Behavior Designer's OnConditionalAbort); started tells whether the
// composite is running.
func (o *childOrder) abortAt(i int, started bool) {
	for p, c := range o.order {
		if c == i {
			o.pos = p
			o.resumed = !started
			return
		}
	}
}

// sequence runs children in order like Sequence.
func (o *childOrder) sequence(children []Task) Status {
	if len(children) == 0 {
		return Failure
	}
	if len(o.order) != len(children) {
		o.identity(len(children))
	}
	for o.pos < len(o.order) {
		switch Tick(children[o.order[o.pos]]) {
		case Running:
			return Running
		case Failure:
			o.pos = 0
			return Failure
		}
		o.pos++
	}
	o.pos = 0
	return Success
}

// selector runs children in order like Selector.
func (o *childOrder) selector(children []Task) Status {
	if len(o.order) != len(children) {
		o.identity(len(children))
	}
	for o.pos < len(o.order) {
		switch Tick(children[o.order[o.pos]]) {
		case Running:
			return Running
		case Success:
			o.pos = 0
			return Success
		}
		o.pos++
	}
	o.pos = 0
	return Failure
}

// CurrentChildIndex returns the index of the child that runs or runs
// next, or -1 when there is none.
func (o *childOrder) CurrentChildIndex() int {
	if o.pos < len(o.order) {
		return o.order[o.pos]
	}
	return -1
}

// Order returns the child indices in the order of the current or last
// run. The slice is owned by the composite.
func (o *childOrder) Order() []int { return o.order }
