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

// StatusObserver hears every change of a task's status in a tree whose
// Statuses field is set, at the moment it happens: a tick that returned
// another status than the last one, a precondition that failed its
// composite, a reset back to Inactive. from is the status before; the
// task's Status is already the new one. An event stream sets it only
// while someone listens, so that it learns which tasks changed without
// reading every task's status after each tick.
//
// Unset (nil) it costs one nil check per status write.
type StatusObserver interface {
	TaskStatus(t Task, from Status)
}

// changeStatus sets b's status (b is t's base, in tree tr, whose
// Statuses is set) to s and tells tr's StatusObserver when the status
// changed. Callers test tr.Statuses themselves and else set the status
// directly: the test inlines, a call would not.
func changeStatus(t Task, b *TaskBase, tr *BehaviorTree, s Status) {
	from := b.status
	b.status = s
	if from != s {
		tr.Statuses.TaskStatus(t, from)
	}
}
