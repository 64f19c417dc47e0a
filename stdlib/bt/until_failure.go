package bt

// UntilFailure runs its child until it fails (Behavior Designer's
// UntilFailure, BehaviorTree.CPP's KeepRunningUntilFailure). A child
// Failure ends it with Failure (the child's status, as in both anchors);
// after a child Success the child runs again: on the next tick under the
// tree's default [ExecutionType] NoDuplicates (the UntilFailure returns
// Running), in the same tick under Count (up to the tree's per-tick cap,
// as for [Repeater]). With MaxSuccesses > 0 the MaxSuccesses-th success
// ends it with Success (BehaviorTree.CPP's Repeat num_cycles); 0 means no
// limit. The counter resets whenever its run ends, including when a parent
// ends it early. Without a child it
// panics (see [Decorator]).
type UntilFailure struct {
	Decorator
	// MaxSuccesses limits the child successes; 0 is unlimited.
	MaxSuccesses int

	successes int
}

// NewUntilFailure returns an UntilFailure over child.
func NewUntilFailure(child Task) *UntilFailure {
	d := &UntilFailure{}
	newDecorator(&d.Decorator, d, child)
	return d
}

// Successes returns how many times the child succeeded in this run.
func (d *UntilFailure) Successes() int { return d.successes }

// OnUpdate ticks the child and repeats on success.
func (d *UntilFailure) OnUpdate() Status {
	return tickUntil(&d.TaskBase, d.child(), Failure, &d.successes, d.MaxSuccesses)
}

// OnEnd resets the counter.
func (d *UntilFailure) OnEnd() { d.successes = 0 }
