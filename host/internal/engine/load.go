package engine

import "github.com/btlua/btlua/host/internal/state"

// LoadFile is host.Host.LoadFile.
func (h *Runtime) LoadFile(path string) ([]*state.Agent, error) {
	if err := h.TryUse("LoadFile"); err != nil {
		return nil, err
	}
	defer h.Leave()

	if err := h.RefuseClosed("LoadFile"); err != nil {
		return nil, err
	}
	return h.eng.LoadFile(path)
}
