package btai

import "strconv"

// BTState is the result of a node's Tick (BTAI's enum BTState, same order).
type BTState int

const (
	// Failure: the node did not do its job.
	Failure BTState = iota
	// Success: the node did its job.
	Success
	// Continue: the node is not done; its parent ticks it again next time.
	Continue
	// Abort: stop the tree. A Sequence or Selector passes it up (and
	// restarts from its first child); the Root terminates on it. Blocks
	// treat it like Success, as in BTAI.
	Abort
)

var stateNames = [...]string{"Failure", "Success", "Continue", "Abort"}

// String returns the state's name ("Failure", "Success", "Continue",
// "Abort"), or "BTState(n)" for other values.
func (s BTState) String() string {
	if s >= 0 && int(s) < len(stateNames) {
		return stateNames[s]
	}
	return "BTState(" + strconv.Itoa(int(s)) + ")"
}

// Valid reports whether s is one of the four states.
func (s BTState) Valid() bool { return s >= Failure && s <= Abort }

// ParseState returns the state named name ("Failure", "Success",
// "Continue" or "Abort").
func ParseState(name string) (BTState, bool) {
	for i, n := range stateNames {
		if n == name {
			return BTState(i), true
		}
	}
	return 0, false
}
