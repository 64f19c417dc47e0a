package engine

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/policy"
	"github.com/btlua/btlua/stdlib/bt"
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
	// returns it, wrapped in *StrictError. On the classic host (Shards 0)
	// it returns at once, without ticking the agents after it. On a
	// sharded host (Shards >= 1, whose shards tick in parallel) every
	// agent's tick of the frame runs, each failing agent stopped, and
	// Tick returns the StrictError of the first failing agent in agent
	// order, with the frame's output written in agent order: the same for
	// every shard count (see tickShards); with no failing agent, a table
	// global changed in place (host/internal/shards/lent.go) is a StrictError without
	// Agent when the host's policy (Options.ErrorPolicy) is FailTick. For
	// tests and CI (btlua --strict).
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

// checkPolicy validates p.
func checkPolicy(p ErrorPolicy) error { return policy.Check(p) }

// SetErrorPolicy gives the agent its own error policy instead of the
// host's (Options.ErrorPolicy). It returns an error for an invalid policy.
func (a *Agent) SetErrorPolicy(p ErrorPolicy) error {
	h, err := a.tryUse("SetErrorPolicy")
	if err != nil {
		return err
	}
	defer h.done()

	if err := checkPolicy(p); err != nil {
		return err
	}
	a.restart.Own = &p
	return nil
}

// ErrorPolicy returns the policy that applies to the agent.
func (a *Agent) ErrorPolicy() ErrorPolicy {
	defer a.use("ErrorPolicy").done()

	if a.restart.Own != nil {
		return *a.restart.Own
	}
	return a.host.sh.policy
}

// failed applies the policy to the agent whose tick just raised err at
// tick time now: it schedules the restart under RestartAgent and reports
// whether the tick must end (FailTick).
func (a *Agent) failed(now float64) bool {
	p := a.ErrorPolicy()
	switch p.Action {
	case RestartAgent:
		r := &a.restart
		r.Delay = policy.Backoff(p, r.Delay, r.LastFail, now)
		r.LastFail, r.At = now, now+r.Delay
	case FailTick:
		return true
	}
	return false
}

// RestartDue reports whether the agent, stopped by an error, will be
// restarted by its policy (RestartAgent), and at which tick time.
func (a *Agent) RestartDue() (float64, bool) {
	defer a.use("RestartDue").done()

	if a.tree.Err == nil || a.ErrorPolicy().Action != RestartAgent || a.restart.Delay == 0 {
		return 0, false
	}
	return a.restart.At, true
}

// restartIfDue restarts the agent when its back-off has passed at tick
// time now: its running tasks get their OnEnd (cause Halted) as a stretch
// of script work, then the tree starts again from its start task at this
// tick. An OnEnd that fails is logged (see Options.Logger), and does not
// keep the other tasks' OnEnds from running (haltWith); the restart goes
// on.
func (h *state) restartIfDue(a *Agent, now float64) {
	if at, ok := a.RestartDue(); !ok || now < at {
		return
	}
	a.tree.Err = nil
	defer h.stretch("OnEnd at restart", a)()
	errs := haltErrors(a.halt()) // every task the error left running ends
	err := a.tree.RunProtected(func() {
		if r := a.tree.BT.Root(); r != nil {
			a.tree.BT.SetRoot(r) // starts afresh
		}
	})
	if err != nil {
		h.nameAgent(a, err)
		errs = append(errs, err)
	}
	for _, err := range errs {
		h.sh.log.Warn(fmt.Sprintf("OnEnd at restart: %v", err), "tree", a.Name(), "err", err)
	}
	a.status = bt.Inactive
	h.sh.restarted(a)
}
