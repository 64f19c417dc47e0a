package bt

// UntilSuccess runs its child until it succeeds (Behavior Designer's
// UntilSuccess; BehaviorTree.CPP's RetryUntilSuccessful when MaxAttempts
// is set). A child Success ends it with Success; after a child Failure the
// child runs again: on the next tick under the tree's default
// [ExecutionType] NoDuplicates (the UntilSuccess returns Running), in the
// same tick under Count (up to the tree's per-tick cap, as for
// [Repeater]). With MaxAttempts > 0 the MaxAttempts-th failure ends it
// with Failure (BehaviorTree.CPP's num_attempts); 0 means no limit
// (Behavior Designer). The attempt counter resets whenever its run ends,
// including when a parent ends it early. Without a child it panics (see
// [Decorator]).
type UntilSuccess struct {
	Decorator
	// MaxAttempts limits the child failures; 0 is unlimited.
	MaxAttempts int

	failures int
}

// NewUntilSuccess returns an UntilSuccess over child.
func NewUntilSuccess(child Task) *UntilSuccess {
	d := &UntilSuccess{}
	newDecorator(&d.Decorator, d, child)
	return d
}

// Failures returns how many times the child failed in this run.
func (d *UntilSuccess) Failures() int { return d.failures }

// OnUpdate ticks the child and retries on failure.
func (d *UntilSuccess) OnUpdate() Status {
	return tickUntil(&d.TaskBase, d.child(), Success, &d.failures, d.MaxAttempts)
}

// OnEnd resets the attempt counter.
func (d *UntilSuccess) OnEnd() { d.failures = 0 }

// tickUntil is the tick of UntilSuccess and UntilFailure (base b): it
// ticks c; the stop status ends the run with that status; the other
// completion is counted and, unless the count reached limit (> 0), which
// ends the run with that other status, c runs again: at once when the
// tree's ExecutionType allows it (see runAgain), else on the next tick
// (Running). The caller passes its
// checked child (see [Decorator]).
func tickUntil(b *TaskBase, c Task, stop Status, count *int, limit int) Status {
	for {
		s := Tick(c)
		if s == Running || s == stop {
			return s
		}
		*count++
		if limit > 0 && *count >= limit {
			return s
		}
		if !runAgain(b) {
			return Running
		}
	}
}
