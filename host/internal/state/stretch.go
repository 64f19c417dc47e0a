package state

import (
	"fmt"

	"github.com/btlua/btlua/lua/luavm"
)

// This file runs the host's script work in stretches: one agent's tick,
// loading a script, a Spawn, reloading a file, an agent's OnEnds at Close
// or Halt. Each stretch runs under the CPU budget (package budget,
// host/internal/budget: the host sets it on the Lua state for the
// outermost stretch) and counts as script work for the re-entrancy
// guards (see reentry.go).

// Stretch begins a Stretch of script work (what it does, and the agent
// whose script runs or nil) and returns the function that ends it:
//
//	defer h.Stretch("loading "+path, nil)()
func (h *State) Stretch(what string, a *Agent) func() {
	h.BeginStretch(what, a)
	return h.EndStretch
}

// BeginStretch and endStretch bracket a stretch without a closure (the
// tick path).
func (h *State) BeginStretch(what string, a *Agent) {
	h.InScript++
	if h.InScript == 1 {
		h.Part.Began(a)
	}
	if b := h.Budget; b != nil {
		if a != nil {
			b.Begin(what, (*budgetAgent)(a))
		} else {
			b.Begin(what, nil)
		}
		if b.Depth() == 1 {
			luavm.SetContext(h.VM.L, b) // polled at loops and calls (lua/luavm/poll.go)
		}
	}
}

func (h *State) EndStretch() {
	h.InScript--
	if b := h.Budget; b != nil {
		if b.Depth() == 1 {
			h.VM.L.RemoveContext()
		}
		b.End()
	}
}

// budgetAgent is an agent as the budget names it in its errors
// (budget.Describer), without a Describe method on Agent's API.
type budgetAgent Agent

// Describe returns the agent's flatDescribe(): the budget's error puts
// it in parentheses already.
func (a *budgetAgent) Describe() string { return (*Agent)(a).flatDescribe() }

// describe names the agent in errors: its label (agent_label.go) and where the script
// returned it.
func (a *Agent) describe() string {
	if a.where == "" {
		return "agent " + a.Label() + " (" + a.Source + ")"
	}
	return "agent " + a.Label() + " (" + a.Source + ", " + a.where + ")"
}

// flatDescribe is describe without parentheses, for a message that has
// its own around it ("agent 2, fac.lua factory return value 1", or
// "agent 2, fac.lua"): the CPU budget's "exceeded (tick of agent 2,
// fac.lua factory return value 1)".
func (a *Agent) flatDescribe() string {
	if a.where == "" {
		return "agent " + a.Label() + ", " + a.Source
	}
	return "agent " + a.Label() + ", " + a.Source + " " + a.where
}

// CloseAgent ends the agent's running tasks (OnEnd) as a stretch and
// forgets the tree references in its tree (see btlib.ForgetReferences); an
// error (an OnEnd that failed or ran over the budget) is logged (see
// Options.Logger), with file, line and agent, and returned.
func (h *State) CloseAgent(a *Agent) error {
	defer h.Stretch("OnEnd at Close", a)()
	defer h.VM.Lib.ForgetReferences(a.tree.Root())
	err := a.halt()
	for _, e := range haltErrors(err) {
		h.Shared.Log.Warn(fmt.Sprintf("OnEnd at Close: %v", e), "tree", a.Name(), "err", e)
	}
	return err
}

// logHalt logs err, the errors of OnEnds while halting agent a's tree
// (see Options.Logger), one entry each (haltErrors); nil logs nothing.
func (h *State) logHalt(a *Agent, err error) {
	for _, e := range haltErrors(err) {
		h.Shared.Log.Warn(fmt.Sprintf("halting tree %s: %v", a.Name(), e), "tree", a.Name(), "err", e)
	}
}
