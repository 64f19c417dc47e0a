package engine

import (
	"errors"
	"fmt"
)

// This file holds the re-entrancy guards of the host's entry points. A
// Host runs one thing at a time: Tick, LoadFile, Spawn, Reload,
// ApplyReloads, Close and Agent.Halt may not be called from a script the host is running (a Lua leaf
// given the host through SetGlobal, a Go task, a coroutine), and Tick not
// from inside Tick (an OnReload callback). Re-entered, they would tick an
// OnUpdate that is running, change the agent list under the loop that
// walks it, or close the Lua state under the running script.

// errReentered is wrapped by the errors of calls the guards refuse.
var errReentered = errors.New("host: re-entered")

// refuse returns nil when op may run now. Called from a script the host
// is running, it raises a Lua error in that script instead (the script's
// tick fails with it, naming the file, line and task), since a Go error
// returned through gopher-luar would go unnoticed. Called from inside
// Tick by Go code (an OnReload callback), it returns an error.
func (h *Runtime) refuse(op string) error {
	if s := h.eng.scripting(); s != nil {
		s.raiseReentered(op)
	}
	if h.ticking {
		return fmt.Errorf("%w: %s called from inside Tick (an OnReload callback?); call it after Tick returns", errReentered, op)
	}
	return nil
}

// raiseReentered raises the Lua error of op called from the state's
// running script.
func (s *state) raiseReentered(op string) {
	s.vm.L.G.CurrentThread.RaiseError("%s", fmt.Sprintf(
		"host: %s called from a script the host is running; call it from Go between two ticks", op))
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
	if h.eng.scripting() != nil {
		_ = h.refuse(op)
	}
}

// refuseInScript is Host.refuseInScript for a state's own calls (an
// agent's Halt, a load in a shard): a Lua error in the state's script.
func (s *state) refuseInScript(op string) {
	if s.inScript > 0 {
		s.raiseReentered(op)
	}
}
