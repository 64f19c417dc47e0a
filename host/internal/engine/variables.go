package engine

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/state"
)

// SetVariable is host.Host.SetVariable.
func (h *Runtime) SetVariable(a *state.Agent, name string, v any) error {
	if err := h.TryUse("SetVariable"); err != nil {
		return err
	}
	defer h.Leave()

	if a == nil {
		h.globals.Set(name, v)
		return nil
	}
	if !h.owns(a) {
		return fmt.Errorf("host: SetVariable: agent %q is not an agent of this host", a.Name())
	}
	a.Set(name, v)
	return nil
}
