package agentctl

import "github.com/btlua/btlua/host/internal/state"

// Halt is host.Agent.Halt: after Close it does nothing; called from a
// script the host is running it raises a Lua error there; else a's tree
// halts (state.Agent.HaltLogged).
func Halt(a *state.Agent) {
	defer a.Use("Halt").Leave()

	h := a.State
	if h.Shared.RefuseClosed("Halt") != nil {
		return
	}
	h.RefuseInScript("Halt")
	a.HaltLogged()
}
