package state

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

// ErrReentered is wrapped by the errors of calls the guards refuse.
var ErrReentered = errors.New("host: re-entered")

// RaiseReentered raises the Lua error of op called from the state's
// running script.
func (s *State) RaiseReentered(op string) {
	s.VM.L.G.CurrentThread.RaiseError("%s", fmt.Sprintf(
		"host: %s called from a script the host is running; call it from Go between two ticks", op))
}

// RefuseInScript is Host.RefuseInScript for a state's own calls (an
// agent's Halt, a load in a shard): a Lua error in the state's script.
func (s *State) RefuseInScript(op string) {
	if s.InScript > 0 {
		s.RaiseReentered(op)
	}
}
