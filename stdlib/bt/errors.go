package bt

import "fmt"

// StatusError is the panic value of Tick when a task's OnUpdate returns a
// status other than Success, Failure or Running.
type StatusError struct {
	// Task is the task whose OnUpdate misbehaved.
	Task Task
	// Status is the invalid status it returned.
	Status Status
}

// Error describes the task and the status.
func (e *StatusError) Error() string {
	return fmt.Sprintf("bt: task %s returned %v from OnUpdate; want Success, Failure or Running", Path(e.Task), e.Status)
}
