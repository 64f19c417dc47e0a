package bt

// The Saver implementations of this package's tasks: each writes the
// unexported fields that decide its next ticks, in a fixed order, and
// reads them back in that order. Caches rebuilt from the structure
// (blackboard slots, the lower-priority cache) are not saved.

const maxChildIndex = 1 << 30

// SaveState writes the index of the running child.
func (s *Sequence) SaveState(w *StateWriter) error { w.Int(s.current); return nil }

// LoadState reads the index of the running child.
func (s *Sequence) LoadState(r *StateReader) error {
	s.current = r.Int(0, len(s.children))
	return nil
}

// SaveState writes the index of the running child.
func (s *Selector) SaveState(w *StateWriter) error { w.Int(s.current); return nil }

// LoadState reads the index of the running child.
func (s *Selector) LoadState(r *StateReader) error {
	s.current = r.Int(0, len(s.children))
	return nil
}

// save writes the order: position, resumed, length, then the order.
func (o *childOrder) save(w *StateWriter) {
	w.Int(o.pos)
	w.Bool(o.resumed)
	w.Int(len(o.order))
	for _, c := range o.order {
		w.Int(c)
	}
}

// load reads what save wrote, for a task of n children.
func (o *childOrder) load(r *StateReader, n int) {
	o.pos = r.Int(0, maxChildIndex)
	o.resumed = r.Bool()
	k := r.Len()
	if r.err != nil {
		return
	}
	if k != 0 && k != n {
		if !r.reshaped {
			r.fail("its order has %d children, the task has %d", k, n)
			return
		}
		// Other children than saved: the saved order means nothing for
		// them; read it past and start from the first position.
		for range k {
			r.Num()
		}
		o.order, o.pos, o.resumed = nil, 0, false
		return
	}
	if o.pos > k {
		r.fail("its position %d is past its %d children", o.pos, k)
		return
	}
	o.order = make([]int, k)
	seen := make([]bool, k)
	for i := range o.order {
		c := r.Int(0, k-1)
		if r.err != nil {
			return
		}
		if seen[c] {
			r.fail("its order lists child %d twice", c)
			return
		}
		seen[c] = true
		o.order[i] = c
	}
}

// SaveState writes the run's order and the random source's state.
func (s *RandomSelector) SaveState(w *StateWriter) error {
	s.childOrder.save(w)
	return w.Rand(s.Rand)
}

// LoadState reads the run's order and the random source's state.
func (s *RandomSelector) LoadState(r *StateReader) error {
	s.childOrder.load(r, len(s.children))
	r.Rand(&s.Rand)
	return nil
}

// SaveState writes the run's order and the random source's state.
func (s *RandomSequence) SaveState(w *StateWriter) error {
	s.childOrder.save(w)
	return w.Rand(s.Rand)
}

// LoadState reads the run's order and the random source's state.
func (s *RandomSequence) LoadState(r *StateReader) error {
	s.childOrder.load(r, len(s.children))
	r.Rand(&s.Rand)
	return nil
}

// SaveState writes the run's order and the priorities it was sorted by.
func (s *PrioritySelector) SaveState(w *StateWriter) error {
	s.childOrder.save(w)
	w.Int(len(s.prio))
	for _, p := range s.prio {
		w.Num(p)
	}
	return nil
}

// LoadState reads the run's order and priorities.
func (s *PrioritySelector) LoadState(r *StateReader) error {
	n := len(s.children)
	s.childOrder.load(r, n)
	k := r.Len()
	s.prio = make([]float64, k)
	for i := range s.prio {
		s.prio[i] = r.Num()
	}
	if k != n && k != 0 {
		if !r.reshaped {
			r.fail("it saved %d priorities, the task has %d children", k, n)
		}
		s.prio = nil
	}
	return nil
}

// SaveState writes the running child and which children failed.
func (s *UtilitySelector) SaveState(w *StateWriter) error {
	w.Int(s.current)
	w.Int(len(s.failed))
	for _, f := range s.failed {
		w.Bool(f)
	}
	return nil
}

// LoadState reads the running child and which children failed.
func (s *UtilitySelector) LoadState(r *StateReader) error {
	n := len(s.children)
	s.current = r.Int(-1, n)
	k := r.Len()
	s.failed = make([]bool, k)
	for i := range s.failed {
		s.failed[i] = r.Bool()
	}
	if k != n && k != 0 {
		if !r.reshaped {
			r.fail("it saved %d children's failures, the task has %d children", k, n)
		}
		s.failed = make([]bool, n)
	}
	return nil
}

// save writes the children's results of the run.
func (p *parallelState) save(w *StateWriter) {
	w.Int(len(p.done))
	for _, s := range p.done {
		w.Int(int(s))
	}
}

// load reads the children's results, for n children.
func (p *parallelState) load(r *StateReader, n int) {
	k := r.Len()
	if r.err != nil {
		return
	}
	if k != 0 && k != n && !r.reshaped {
		r.fail("it saved %d children's results, the task has %d", k, n)
		return
	}
	p.done = nil
	if k > 0 {
		// With other children than saved, the results are kept by
		// position and new children have none yet.
		p.done = make([]Status, max(k, n))
	}
	for i := range k {
		p.done[i] = r.Status()
	}
	if len(p.done) > n {
		p.done = p.done[:n]
	}
}

// SaveState writes the children's results of the run.
func (p *Parallel) SaveState(w *StateWriter) error { p.parallelState.save(w); return nil }

// LoadState reads the children's results of the run.
func (p *Parallel) LoadState(r *StateReader) error {
	p.parallelState.load(r, len(p.children))
	return nil
}

// SaveState writes the children's results of the run.
func (p *ParallelComplete) SaveState(w *StateWriter) error { p.parallelState.save(w); return nil }

// LoadState reads the children's results of the run.
func (p *ParallelComplete) LoadState(r *StateReader) error {
	p.parallelState.load(r, len(p.children))
	return nil
}

// SaveState writes the children's results of the run.
func (p *ParallelSelector) SaveState(w *StateWriter) error { p.parallelState.save(w); return nil }

// LoadState reads the children's results of the run.
func (p *ParallelSelector) LoadState(r *StateReader) error {
	p.parallelState.load(r, len(p.children))
	return nil
}

// SaveState writes the completions of the run.
func (d *Repeater) SaveState(w *StateWriter) error { w.Int(d.done); return nil }

// LoadState reads the completions of the run: at most Count unless the
// Repeater repeats forever.
func (d *Repeater) LoadState(r *StateReader) error {
	most := maxChildIndex
	if !d.RepeatForever && d.Count >= 0 && d.Count < most {
		most = d.Count
	}
	d.done = r.Int(0, most)
	return nil
}

// SaveState writes the failures of the run.
func (d *UntilSuccess) SaveState(w *StateWriter) error { w.Int(d.failures); return nil }

// LoadState reads the failures of the run.
func (d *UntilSuccess) LoadState(r *StateReader) error {
	d.failures = r.Int(0, maxChildIndex)
	return nil
}

// SaveState writes the successes of the run.
func (d *UntilFailure) SaveState(w *StateWriter) error { w.Int(d.successes); return nil }

// LoadState reads the successes of the run.
func (d *UntilFailure) LoadState(r *StateReader) error {
	d.successes = r.Int(0, maxChildIndex)
	return nil
}

// SaveState writes the run's start time (tree clock, seconds).
func (d *Timeout) SaveState(w *StateWriter) error { w.Num(d.start); return nil }

// LoadState reads the run's start time.
func (d *Timeout) LoadState(r *StateReader) error { d.start = r.Time(true); return nil }

// SaveState writes whether it is cooling, the held status and since when
// (tree clock, seconds).
func (d *Cooldown) SaveState(w *StateWriter) error {
	w.Bool(d.cooling)
	w.Int(int(d.result))
	w.Num(d.since)
	return nil
}

// LoadState reads what SaveState wrote.
func (d *Cooldown) LoadState(r *StateReader) error {
	d.cooling, d.result, d.since = r.Bool(), r.Status(), r.Time(true)
	return nil
}

// SaveState writes the run's start time and duration (seconds) and the
// random source's state.
func (w *Wait) SaveState(sw *StateWriter) error {
	sw.Num(w.start)
	sw.Num(w.dur)
	return sw.Rand(w.Rand)
}

// LoadState reads what SaveState wrote.
func (w *Wait) LoadState(r *StateReader) error {
	w.start, w.dur = r.Time(true), r.Time(false)
	r.Rand(&w.Rand)
	return nil
}

// SaveState writes a pending interruption and its status.
func (d *Interrupt) SaveState(w *StateWriter) error {
	w.Bool(d.interrupted)
	w.Int(int(d.with))
	return nil
}

// LoadState reads what SaveState wrote.
func (d *Interrupt) LoadState(r *StateReader) error {
	d.interrupted, d.with = r.Bool(), r.Status()
	return nil
}

// SaveState writes whether the conditional was evaluated in this run.
func (d *ConditionalEvaluator) SaveState(w *StateWriter) error { w.Bool(d.evaluated); return nil }

// LoadState reads what SaveState wrote.
func (d *ConditionalEvaluator) LoadState(r *StateReader) error { d.evaluated = r.Bool(); return nil }
