package host

import (
	"errors"

	"github.com/btlua/btlua/host/internal/agentctl"
	"github.com/btlua/btlua/host/internal/policy"
	"github.com/btlua/btlua/host/internal/state"
)

// This file holds the error policy: what the host does with an agent whose
// script raised an error during a tick (an error in its code, a CPU budget
// or memory limit exceeded). Times are the host's tick clock, the sum of
// the delta times given to Tick, in seconds, so runs with a fixed delta
// time are deterministic. The rules and the back-off arithmetic are
// package host/internal/policy's; each agent's place in its back-off is
// here.

// ErrorAction is what the host does with an agent that raised an error.
// Its String gives "stop", "restart" or "fail-tick".
type ErrorAction = policy.Action

const (
	// StopAgent stops the agent for good: its tree keeps the error
	// (Agent.Err) and is not ticked again; the other agents tick on. The
	// default.
	StopAgent = policy.Stop
	// RestartAgent stops the agent, then restarts its tree from its start
	// task after a back-off (ErrorPolicy.RestartDelay, doubled after each
	// restart that ends in an error again). The tasks still running when
	// the error came get their OnEnd (cause Halted) at the restart; the
	// blackboard is kept.
	RestartAgent = policy.Restart
	// FailTick stops the agent and ends the whole tick at its error: Tick
	// returns it, wrapped in *StrictError. The classic host returns at
	// once, without ticking the agents after it; a sharded host ticks the
	// frame's other agents first (docs/agents-on-every-core.md). For tests
	// and CI (btlua --strict).
	FailTick = policy.FailTick
)

// Default back-offs of RestartAgent, in seconds of tick time.
const (
	DefaultRestartDelay    = policy.DefaultRestartDelay
	DefaultMaxRestartDelay = policy.DefaultMaxRestartDelay
)

// ErrorPolicy is what the host does with an agent whose tick raised an
// error (Options.ErrorPolicy, Agent.SetErrorPolicy): Action, what
// happens to the agent (and the tick); RestartDelay, the back-off before
// the first restart, in seconds of tick time (0 means
// DefaultRestartDelay), doubled by each further error of the agent
// before it has run MaxRestartDelay seconds without one, up to
// MaxRestartDelay (0 means DefaultMaxRestartDelay).
type ErrorPolicy = policy.Policy

// StrictError is the error Tick returns under FailTick: the agent's error,
// which ended the tick.
type StrictError struct {
	// Agent is the failing agent, or nil for a failure that is no one
	// agent's: on a sharded host under the host's FailTick
	// (Options.ErrorPolicy), a table read from a global variable changed
	// in place (host/internal/shards/lent.go), found at the frame boundary, when the
	// agent that changed it is not known.
	Agent *Agent
	Err   error
}

func (e *StrictError) Error() string { return e.Err.Error() }
func (e *StrictError) Unwrap() error { return e.Err }

// strict returns err with the engine's StrictError as the Agent's (the
// errors Tick returns).
func strict(err error) error {
	if s, ok := err.(*state.StrictError); ok {
		return &StrictError{Agent: pub(s.Agent), Err: s.Err}
	}
	return err
}

// IsStrict reports whether err is the error of a tick that FailTick ended
// (a *StrictError).
func IsStrict(err error) bool {
	var s *StrictError
	return errors.As(err, &s)
}

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
// writes the repeats still pending ("(×3 since the last report)"). The
// errors of one Report that differ only in their agent are written once,
// then "(the same error in 199 more agents: 2 to 200)". Package
// host/internal/policy documents the lines.
type ErrorLog = policy.Log

// SetErrorPolicy gives the agent its own error policy instead of the
// host's (Options.ErrorPolicy). It returns an error for an invalid policy.
func (a *Agent) SetErrorPolicy(p ErrorPolicy) error {
	return agentctl.SetErrorPolicy(a.core(), p)
}

// ErrorPolicy returns the policy that applies to the agent.
func (a *Agent) ErrorPolicy() ErrorPolicy {
	return a.core().ErrorPolicy()
}

// RestartDue reports whether the agent, stopped by an error, will be
// restarted by its policy (RestartAgent), and at which tick time.
func (a *Agent) RestartDue() (float64, bool) {
	return a.core().RestartDue()
}
