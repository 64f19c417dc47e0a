package bt

// UntilSuccess runs its child until it succeeds (Behavior Designer's
// UntilSuccess; BehaviorTree.CPP's RetryUntilSuccessful when MaxAttempts
// is set). A child Success ends it with Success; a child Failure makes it
// Running and the child runs again on the next tick (one completion per
// tick, as for Repeater). With MaxAttempts > 0 the MaxAttempts-th failure
// ends it with Failure (BehaviorTree.CPP's num_attempts); 0 means no limit
// (Behavior Designer). The attempt counter resets whenever its run ends,
// including when a parent ends it early. Without a child it fails.
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
	c := d.Child()
	if c == nil {
		return Failure
	}
	switch Tick(c) {
	case Running:
		return Running
	case Success:
		return Success
	}
	d.failures++
	if d.MaxAttempts > 0 && d.failures >= d.MaxAttempts {
		return Failure
	}
	return Running
}

// OnEnd resets the attempt counter.
func (d *UntilSuccess) OnEnd() { d.failures = 0 }
