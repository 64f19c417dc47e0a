package bt

// Observer hears about every run of every task in a tree: tracing, tests
// and debuggers implement it. Calls happen on the ticking goroutine, in
// order: TaskStarted just before OnStart, TaskEnded just after OnEnd with
// the status the run ended with (Running when a parent ended it early).
type Observer interface {
	TaskStarted(t Task)
	TaskEnded(t Task, s Status)
}
