package state

import (
	"github.com/btlua/btlua/host/internal/reload"
)

// snapHint sizes the host's reload snapshots after the last one.
type snapHint = reload.Hint

// takeSnapshot snapshots the host's Lua state before a reload runs a file
// (see reload.Take).
func (h *State) takeSnapshot() *reload.Snapshot {
	return reload.Take(h.VM.L, h.VM.Lib, &h.snapHint, h.VM.GOAPModule())
}
