package bt

// StopCheckInterval is how many task executions of one tree tick pass
// between two calls of [BehaviorTree.Stop] (a power of two).
const StopCheckInterval = 1024

// StopError is the panic value of Tick when the tree's Stop func returned
// an error: the tick was stopped from outside (a CPU budget exceeded, an
// interruption) before Task ran.
type StopError struct {
	// Task is the task whose execution was about to start.
	Task Task
	// Err is the error Stop returned.
	Err error
}

// Error returns Err's message, preceded by where the task was made when
// it is a [Located] task that knows ("ai.lua:12: CPU budget of 2s
// exceeded (...)"); the task's path is left to the caller, which knows
// the tree.
func (e *StopError) Error() string {
	msg := e.Err.Error()
	if l, ok := e.Task.(Located); ok {
		if at := l.Location(); at != "" {
			msg = at + ": " + msg
		}
	}
	return msg
}

// Unwrap returns Err.
func (e *StopError) Unwrap() error { return e.Err }
