package engine

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

// stretch begins a stretch of script work (what it does, and the agent
// whose script runs or nil) and returns the function that ends it:
//
//	defer h.stretch("loading "+path, nil)()
func (h *state) stretch(what string, a *Agent) func() {
	h.beginStretch(what, a)
	return h.endStretch
}

// beginStretch and endStretch bracket a stretch without a closure (the
// tick path).
func (h *state) beginStretch(what string, a *Agent) {
	h.inScript++
	if h.inScript == 1 {
		h.part.began(a)
	}
	if b := h.budget; b != nil {
		if a != nil {
			b.Begin(what, (*budgetAgent)(a))
		} else {
			b.Begin(what, nil)
		}
		if b.Depth() == 1 {
			luavm.SetContext(h.vm.L, b) // polled at loops and calls (lua/luavm/poll.go)
		}
	}
}

func (h *state) endStretch() {
	h.inScript--
	if b := h.budget; b != nil {
		if b.Depth() == 1 {
			h.vm.L.RemoveContext()
		}
		b.End()
	}
}

// budgetAgent is an agent as the budget names it in its errors
// (budget.Describer), without a Describe method on Agent's API.
type budgetAgent Agent

// Describe returns the agent's describe().
func (a *budgetAgent) Describe() string { return (*Agent)(a).describe() }

// Interrupt is host.Host.Interrupt.
func (h *Runtime) Interrupt() bool {
	if h == nil || h.eng == nil {
		panic(&useError{"host: Interrupt called on a Host not made by host.New (nil or zero)", ErrNotMade})
	}
	stopped := false
	for _, s := range h.eng.states() {
		stopped = (s.budget != nil && s.budget.Interrupt()) || stopped
	}
	return stopped
}

// describe names the agent in errors: its label (agent_label.go) and where the script
// returned it.
func (a *Agent) describe() string {
	if a.where == "" {
		return "agent " + a.label() + " (" + a.Source + ")"
	}
	return "agent " + a.label() + " (" + a.Source + ", " + a.where + ")"
}

// closeAgent ends the agent's running tasks (OnEnd) as a stretch and
// forgets the tree references in its tree (see btlib.ForgetReferences); an
// error (an OnEnd that failed or ran over the budget) is logged (see
// Options.Logger), with file, line and agent, and returned.
func (h *state) closeAgent(a *Agent) error {
	defer h.stretch("OnEnd at Close", a)()
	defer h.vm.Lib.ForgetReferences(a.tree.Root())
	err := a.halt()
	for _, e := range haltErrors(err) {
		h.sh.log.Warn(fmt.Sprintf("OnEnd at Close: %v", e), "tree", a.Name(), "err", e)
	}
	return err
}

// logHalt logs err, the errors of OnEnds while halting agent a's tree
// (see Options.Logger), one entry each (haltErrors); nil logs nothing.
func (h *state) logHalt(a *Agent, err error) {
	for _, e := range haltErrors(err) {
		h.sh.log.Warn(fmt.Sprintf("halting tree %s: %v", a.Name(), e), "tree", a.Name(), "err", e)
	}
}

// Budgeted is host.Host.Budgeted.
func (h *Runtime) Budgeted() bool {
	if h == nil || h.eng == nil {
		panic(&useError{"host: Budgeted called on a Host not made by host.New (nil or zero)", ErrNotMade})
	}
	return h.eng.states()[0].budget != nil // every state has one, or none
}
