package agentctl

import "github.com/btlua/btlua/host/internal/state"

// SetErrorPolicy is host.Agent.SetErrorPolicy: p, once checked
// (state.CheckPolicy), applies to a instead of the host's policy.
func SetErrorPolicy(a *state.Agent, p state.ErrorPolicy) error {
	h, err := a.TryUse("SetErrorPolicy")
	if err != nil {
		return err
	}
	defer h.Leave()

	if err := state.CheckPolicy(p); err != nil {
		return err
	}
	a.Restart.Own = &p
	return nil
}
