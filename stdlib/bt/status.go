package bt

import "fmt"

// Status is the result of ticking a task. The numeric values are Behavior
// Designer's TaskStatus values, which scripts see as BTTaskStatus.
type Status uint8

const (
	// Inactive: the task has not run, or its last run was reset.
	Inactive Status = 0
	// Failure: the run ended and failed.
	Failure Status = 1
	// Success: the run ended and succeeded.
	Success Status = 2
	// Running: the run goes on; the task is ticked again next tick.
	Running Status = 3
)

// String returns "Inactive", "Failure", "Success" or "Running".
func (s Status) String() string {
	switch s {
	case Inactive:
		return "Inactive"
	case Failure:
		return "Failure"
	case Success:
		return "Success"
	case Running:
		return "Running"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Valid reports whether s is one of the four statuses.
func (s Status) Valid() bool { return s <= Running }

// Done reports whether s ends a run (Success or Failure).
func (s Status) Done() bool { return s == Success || s == Failure }
