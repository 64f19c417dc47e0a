package bt

// Observer hears about every run of every task in a tree: tracing, tests
// and debuggers implement it (BehaviorTree.CPP's loggers observe status
// changes the same way). Calls happen on the ticking goroutine, in order:
// TaskStarted just before OnStart; TaskEnded just after OnEnd, for every
// run that ends, with the task's last status (Running when the run was
// ended early) and why it ended (see [EndCause]: completed, aborted by a
// conditional, timed out, interrupted, ended by a parent, halted, hot
// reload). A run ended early reports its descendants first, deepest first,
// each with the same cause.
//
// The Observer costs nothing when unset: the tick path neither allocates
// nor builds causes for it.
type Observer interface {
	TaskStarted(t Task)
	TaskEnded(t Task, s Status, cause EndCause)
}
