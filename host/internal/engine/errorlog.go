package engine

import (
	"errors"

	"github.com/btlua/btlua/host/internal/policy"
	"github.com/btlua/btlua/host/internal/state"
)

// DefaultErrorInterval is ErrorLog's interval when its Interval is 0: 10
// seconds of tick time.
const DefaultErrorInterval = policy.DefaultInterval

// ErrorLog writes the errors of Tick so that an error repeated tick after
// tick (an agent that RestartAgent restarts into the same error) is
// written once per interval with a count, not once per tick, in the
// host's tick time (Clock), so a run with a fixed delta time writes the
// same lines every time. Its fields are W, the writer, Prefix, which
// starts each line ("btlua: "), and Interval, the least tick time
// between two lines for one message in seconds (0 means
// DefaultErrorInterval); Report(err, now) writes or counts err, Flush
// writes the repeats still pending ("(×3 since the last report)").
// Package host/internal/policy documents the lines.
type ErrorLog = policy.Log

// IsStrict reports whether err is the error of a tick that FailTick ended
// (a *StrictError).
func IsStrict(err error) bool {
	var s *state.StrictError
	return errors.As(err, &s)
}

// Clock is host.Host.Clock.
func (h *Runtime) Clock() float64 {
	defer h.use("Clock").Leave()
	return h.TickTime
}
