package state

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/policy"
	"github.com/btlua/btlua/stdlib/bt"
)

// This file holds an agent's side of the error policy (host.ErrorPolicy,
// package host/internal/policy's rules): its own policy, its failure
// and its restart when the back-off has passed.

// ErrorPolicy is host.ErrorPolicy; RestartAgent and FailTick its actions.
type ErrorPolicy = policy.Policy

const (
	RestartAgent = policy.Restart
	FailTick     = policy.FailTick
)

// StrictError is the error a tick that FailTick ended returns, with the
// failing agent (nil for none): the facade's host.StrictError.
type StrictError struct {
	Agent *Agent
	Err   error
}

func (e *StrictError) Error() string { return e.Err.Error() }
func (e *StrictError) Unwrap() error { return e.Err }

// CheckPolicy validates p.
func CheckPolicy(p ErrorPolicy) error { return policy.Check(p) }

// ErrorPolicy returns the policy that applies to the agent.
func (a *Agent) ErrorPolicy() ErrorPolicy {
	defer a.Use("ErrorPolicy").Leave()

	if a.Restart.Own != nil {
		return *a.Restart.Own
	}
	return a.State.Shared.Policy
}

// failed applies the policy to the agent whose tick just raised err at
// tick time now: it schedules the restart under RestartAgent and reports
// whether the tick must end (FailTick).
func (a *Agent) failed(now float64) bool {
	p := a.ErrorPolicy()
	switch p.Action {
	case RestartAgent:
		r := &a.Restart
		r.Delay = policy.Backoff(p, r.Delay, r.LastFail, now)
		r.LastFail, r.At = now, now+r.Delay
	case FailTick:
		return true
	}
	return false
}

// RestartDue is host.Agent.RestartDue.
func (a *Agent) RestartDue() (float64, bool) {
	defer a.Use("RestartDue").Leave()

	if a.tree.Err == nil || a.ErrorPolicy().Action != RestartAgent || a.Restart.Delay == 0 {
		return 0, false
	}
	return a.Restart.At, true
}

// restartIfDue restarts the agent when its back-off has passed at tick
// time now: its running tasks get their OnEnd (cause Halted) as a stretch
// of script work, then the tree starts again from its start task at this
// tick. An OnEnd that fails is logged (see Options.Logger), and does not
// keep the other tasks' OnEnds from running (haltWith); the restart goes
// on.
func (h *State) restartIfDue(a *Agent, now float64) {
	if at, ok := a.RestartDue(); !ok || now < at {
		return
	}
	a.tree.Err = nil
	defer h.Stretch("OnEnd at restart", a)()
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
		h.Shared.Log.Warn(fmt.Sprintf("OnEnd at restart: %v", err), "tree", a.Name(), "err", err)
	}
	a.LastStatus = bt.Inactive
	h.Shared.restarted(a)
}
