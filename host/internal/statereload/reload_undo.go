package statereload

import (
	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/host/internal/state"
)

// takeSnapshot snapshots the host's Lua state before a reload runs a file
// (see reload.Take).
func takeSnapshot(h *state.State) *reload.Snapshot {
	return reload.Take(h.VM.L, h.VM.Lib, &h.SnapHint, h.VM.GOAPModule())
}
