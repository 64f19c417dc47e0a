package bt

// Tick runs one tick of t with Behavior Designer's lifecycle: OnAwake the
// first time t ever runs, OnStart when a run begins, then OnUpdate. When
// OnUpdate returns Success or Failure the run ends: every started child is
// ended first (see End) and then t's OnEnd is called. A status outside the
// four values is a programming error of the task and panics with a
// *StatusError.
//
// For a composite, two checks come before OnUpdate, in this order: its
// preconditions (see [Composite.AddCondition]), before the run starts and
// on every tick of the run; then, on the ticks after the first of a run,
// its conditional aborts (see [AbortType] for the exact order). Both cost
// nothing for composites that use neither.
//
// Parents tick their children with Tick; it is also how a tree ticks its
// root.
func Tick(t Task) Status {
	b := t.Base()
	tr := b.tree
	if tr == nil && b.parent != nil {
		tr = b.parent.Base().tree
		b.tree = tr
	}
	if tr != nil {
		if p := tr.Profiler; p != nil {
			if p.entering != b {
				return p.tick(t, b) // times this Tick (profile.go)
			}
			p.entering = nil
		}
		tr.executions++
		if tr.executions&(StopCheckInterval-1) == 0 && tr.Stop != nil {
			if err := tr.Stop(); err != nil {
				panic(&StopError{Task: t, Err: err})
			}
		}
	}
	if b.reeval != 0 {
		// A conditional abort re-evaluated t earlier in this tree tick:
		// report that result instead of evaluating again, and count it as
		// evaluated in the run that reuses it.
		pending := tr != nil && b.reeval == tr.ticks
		b.reeval = 0
		if pending {
			tr.starts++
			b.startSeq = tr.starts
			return b.status
		}
	}
	if !b.awake {
		b.awake = true
		b.comp = asComposite(t)
		b.plain = b.comp == nil && asDecorator(t) == nil
		t.OnAwake()
	}
	var guard *TaskBase
	if c := b.comp; c != nil {
		if len(c.conds) > 0 && !c.conditionsHold() {
			if tr != nil && tr.Statuses != nil {
				changeStatus(t, b, tr, Failure)
			} else {
				b.status = Failure
			}
			if tr != nil {
				b.ticked = tr.ticks
			}
			if b.started {
				finish(t, Failure, EndCause{})
			}
			return Failure
		}
		if b.started && c.watch {
			guard = checkAborts(t, b, c, tr)
		}
	}
	if !b.started {
		b.started = true
		if tr != nil {
			tr.starts++
			b.startSeq = tr.starts
			if tr.Observer != nil {
				tr.Observer.TaskStarted(t)
			}
		}
		t.OnStart()
		if c := b.comp; c != nil {
			c.watch = watchesAborts(t, c)
		}
	}
	s := t.OnUpdate()
	if guard != nil {
		guard.reeval = 0
	}
	if !s.Valid() || s == Inactive {
		panic(&StatusError{Task: t, Status: s})
	}
	if tr != nil && tr.Statuses != nil {
		changeStatus(t, b, tr, s)
	} else {
		b.status = s
	}
	if tr != nil {
		b.ticked = tr.ticks
	}
	if s != Running {
		finish(t, s, EndCause{})
	}
	return s
}

// End ends a run of t that is under way, as when a parent stops a running
// child (Behavior Designer's "the Behavior Manager will stop all of the
// children tasks", BehaviorTree.CPP's halt). Started descendants are ended
// first, deepest first and in child order, then t's OnEnd is called once.
// The task's last status is kept. End does nothing when t has not started.
// The Observer hears the cause EndByParent with t's parent (EndHalted for
// a task without a parent); use [EndWith] to give another cause.
func End(t Task) {
	if t == nil || !t.Base().started {
		return
	}
	cause := EndCause{Kind: EndHalted}
	if p := t.Base().parent; p != nil {
		cause = EndCause{Kind: EndByParent, By: p}
	}
	finish(t, t.Base().status, cause)
}

// EndWith is [End] with the cause the tree's Observer hears for t and for
// each of its started descendants (see [EndCause]). It does nothing when t
// has not started.
func EndWith(t Task, cause EndCause) {
	if t == nil || !t.Base().started {
		return
	}
	finish(t, t.Base().status, cause)
}

// finish ends the run of t with status s: its started children first (with
// the same cause when t ends early, with EndByParent t when t completed),
// then t's OnEnd, then the Observer.
func finish(t Task, s Status, cause EndCause) {
	b := t.Base()
	if p, ok := t.(ParentTask); ok {
		sub := cause
		if cause.Kind == EndCompleted {
			sub = EndCause{Kind: EndByParent, By: t}
		}
		for _, c := range p.Children() {
			EndWith(c, sub)
		}
	}
	b.started = false
	t.OnEnd()
	if tr := b.tree; tr != nil && tr.Observer != nil {
		tr.Observer.TaskEnded(t, s, cause)
	}
}

// Reset ends t if it runs, then calls OnReset on t and every descendant
// (parents first) and sets their status back to Inactive.
func Reset(t Task) {
	End(t)
	resetAll(t, nil)
}

// resetAll resets t and its descendants; tr is the tree of t's parent,
// for a task not in a tree yet.
func resetAll(t Task, tr *BehaviorTree) {
	b := t.Base()
	if b.tree != nil {
		tr = b.tree
	}
	if tr != nil && tr.Statuses != nil {
		changeStatus(t, b, tr, Inactive)
	} else {
		b.status = Inactive
	}
	b.reeval = 0
	t.OnReset()
	if p, ok := t.(ParentTask); ok {
		for _, c := range p.Children() {
			resetAll(c, tr)
		}
	}
}
