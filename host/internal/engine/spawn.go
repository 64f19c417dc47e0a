package engine

import "github.com/btlua/btlua/host/internal/state"

// Spawn is host.Host.Spawn.
func (h *Runtime) Spawn(path string, args any) (*state.Agent, error) {
	if err := h.TryUse("Spawn"); err != nil {
		return nil, err
	}
	defer h.Leave()

	if err := h.RefuseClosed("Spawn"); err != nil {
		return nil, err
	}
	return h.eng.SpawnAgent(path, args)
}
