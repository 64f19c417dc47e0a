package statereload

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// planReferences plans, after the globals of src (a file tree references
// run) were merged in place (so running subtrees call the new code at
// their next tick), the subtrees to swap: for every reference to the file
// in the host's trees, a new instance of its tree is built from proto
// (the text being reloaded, not the file read again) and compared by
// structure with the subtree the reference runs (see
// reload.PlanReferences). A reference whose rebuild fails keeps its
// subtree, and a warning is logged.
func planReferences(h *state.State, src *state.Source, proto *lua.FunctionProto) []reload.Swap {
	src.Reloading = proto
	defer func() { src.Reloading = nil }()
	swaps, warnings := reload.PlanReferences(h.VM.Lib, roots(h), src.Path)
	for _, err := range warnings {
		h.Shared.Log.Warn(fmt.Sprintf("reload %s: %v", src.Path, err), "file", src.Path)
	}
	return swaps
}

// applySwaps swaps in the new subtrees (the old ones are ended with the
// cause "replaced by REF"; the new ones start at the reference's next
// tick, in a completed tree too, which runs again: see reload.Swap.Apply),
// and rep.Rebuilt names each reference's path.
func applySwaps(h *state.State, src *state.Source, swaps []reload.Swap, rep *state.ReloadReport) {
	for _, sw := range swaps {
		if err := sw.Apply(h.VM.Lib); err != nil {
			h.Shared.Log.Warn(fmt.Sprintf("reload %s: %s keeps its subtree: %v", src.Path, sw.Path, err), "file", src.Path)
			continue
		}
		rep.Rebuilt = append(rep.Rebuilt, sw.Path)
	}
}

// roots returns the roots of the host's trees, in agent order.
func roots(h *state.State) []bt.Task {
	out := make([]bt.Task, 0, len(h.Agents))
	for _, a := range h.Agents {
		if r := a.Tree().Root(); r != nil {
			out = append(out, r)
		}
	}
	return out
}

// keepReferences forgets the tree references of trees the host no longer
// runs (replaced, removed or dropped by a reload, or made by a failed
// run), so that the library's record of them does not grow.
func keepReferences(h *state.State) { h.VM.Lib.KeepReferences(roots(h)) }
