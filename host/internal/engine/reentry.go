package engine

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/state"
)

// refuse returns nil when op may run now. Called from a script the host
// is running, it raises a Lua error in that script instead (the script's
// tick fails with it, naming the file, line and task), since a Go error
// returned through gopher-luar would go unnoticed. Called from inside
// Tick by Go code (an OnReload callback), it returns an error.
func (h *Runtime) refuse(op string) error {
	if s := h.eng.Scripting(); s != nil {
		s.RaiseReentered(op)
	}
	if h.ticking {
		return fmt.Errorf("%w: %s called from inside Tick (an OnReload callback?); call it after Tick returns", state.ErrReentered, op)
	}
	return nil
}

// enterTick marks the host ticking, or refuses a tick inside a tick.
func (h *Runtime) enterTick() error {
	if err := h.refuse("Tick"); err != nil {
		return err
	}
	h.ticking = true
	return nil
}

// leaveTick ends a tick, closing the host when Close was called during
// it.
func (h *Runtime) leaveTick() {
	h.ticking = false
	if h.closeAfterTick {
		h.closeAfterTick = false
		h.Close()
	}
}

// refuseInScript raises a Lua error in the running script when op is
// called from one (see refuse); else it does nothing.
func (h *Runtime) refuseInScript(op string) {
	if h.eng.Scripting() != nil {
		_ = h.refuse(op)
	}
}
