package policy

import "fmt"

// Action is what the host does with an agent that raised an error
// (host.ErrorAction is this type).
type Action uint8

// The actions; host.StopAgent, RestartAgent and FailTick document them.
const (
	Stop Action = iota
	Restart
	FailTick
)

// String returns "stop", "restart" or "fail-tick".
func (a Action) String() string {
	switch a {
	case Stop:
		return "stop"
	case Restart:
		return "restart"
	case FailTick:
		return "fail-tick"
	}
	return fmt.Sprintf("ErrorAction(%d)", uint8(a))
}

// Default back-offs of Restart, in seconds of tick time.
const (
	DefaultRestartDelay    = 1.0
	DefaultMaxRestartDelay = 60.0
)

// Policy is what the host does with an agent whose tick raised an error
// (host.ErrorPolicy is this type).
type Policy struct {
	// Action is what happens to the agent (and the tick).
	Action Action
	// RestartDelay is the back-off before the first restart, in seconds
	// of tick time (0 means DefaultRestartDelay). Each further error of
	// the agent before it has run MaxRestartDelay seconds without one
	// doubles it, up to MaxRestartDelay (0 means DefaultMaxRestartDelay).
	RestartDelay, MaxRestartDelay float64
}

// Check validates p: an error naming the field and its value.
func Check(p Policy) error {
	if p.Action > FailTick {
		return fmt.Errorf("host: ErrorPolicy.Action must be StopAgent, RestartAgent or FailTick, got %v", p.Action)
	}
	if !(p.RestartDelay >= 0) { // NaN too
		return fmt.Errorf("host: ErrorPolicy.RestartDelay must be a number of seconds >= 0, got %v", p.RestartDelay)
	}
	if !(p.MaxRestartDelay >= 0) {
		return fmt.Errorf("host: ErrorPolicy.MaxRestartDelay must be a number of seconds >= 0, got %v", p.MaxRestartDelay)
	}
	return nil
}

// Backoff returns the back-off of a restart after an error at tick time
// now (seconds), given the back-off of the last restart (0 before the
// first) and the tick time of the last error: p's first delay when there
// was none or the agent then ran its longest delay without an error,
// else the last one doubled, up to p's longest.
func Backoff(p Policy, delay, lastFail, now float64) float64 {
	first, most := p.RestartDelay, p.MaxRestartDelay
	if first == 0 {
		first = DefaultRestartDelay
	}
	if most == 0 {
		most = DefaultMaxRestartDelay
	}
	if delay == 0 || now-lastFail >= most+delay {
		return first
	}
	return min(delay*2, most)
}
