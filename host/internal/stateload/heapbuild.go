package stateload

import (
	"fmt"
	"strconv"

	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/lua/btlib"
)

// This file holds the memory limit's check after building agents (Spawn,
// LoadFile): a build is many short stretches, each too short for the
// watchdog to see, so without it a crowd spawned past the limit would be
// found by the check after the first tick, which would then blame an
// agent whose ticks did not grow the heap. Instead the Spawn or LoadFile
// during which the heap crosses the threshold fails, naming what it was
// building and the heap, and adds no agent:
//
//	memory limit of 1 GiB exceeded (the heap grew over it, to 1.02 GiB, while spawning
//	agent 70123 (npc.lua, factory return value 1)); raise the limit (Options.MemoryLimit;
//	btlua --memory-limit)
//
// Each build costs one heap reading (budget.Heap.AfterBuild); it collects
// garbage only when the reading is over the threshold and above the heap
// the last such check found (so spawning thousands of agents near the
// limit collects now and then, not per Spawn). Over the limit, every
// build that grows the live heap fails. The heap it found becomes the
// after-tick check's floor, so no tick is blamed for it.

// overLimitBuilding returns the error of a build (what it did: "spawning
// agent 3 (npc.lua, factory return value 1)", "loading npc.lua") when the
// heap has crossed the memory limit (budget.Heap.AfterBuild), else nil.
func overLimitBuilding(h *state.State, what func() string) error {
	if h.Shared.HeapTicks == nil {
		return nil
	}
	live, over := h.Shared.HeapTicks.AfterBuild()
	if !over {
		return nil
	}
	return fmt.Errorf("memory limit of %s exceeded (the heap grew over it, to %s, while %s); raise the limit (Options.MemoryLimit; btlua --memory-limit)",
		state.BytesText(float64(h.Shared.HeapTicks.Limit())), overText(live, h.Shared.HeapTicks.Limit()), what())
}

// overText formats heap, a size over limit, with the digits that tell
// them apart ("1.00012 GiB", not "1 GiB", over a limit of 1 GiB).
func overText(heap, limit uint64) string {
	t := state.BytesText(float64(heap))
	if t != state.BytesText(float64(limit)) {
		return t
	}
	if heap >= 1<<30 {
		return fmt.Sprintf("%.6g GiB", float64(heap)/(1<<30))
	}
	return fmt.Sprintf("%.6g MiB", float64(heap)/(1<<20))
}

// spawningText names the agent a Spawn of path was making from tree tr,
// as its errors would once added: its tree's name, else its number.
func spawningText(h *state.State, tr *btlib.Tree, path string) string {
	name := loader.TreeName(tr)
	if !tr.Named() {
		name = strconv.Itoa(len(h.Shared.Roster.AgentList()) + 1)
	}
	return "spawning agent " + name + " (" + path + ", factory return value 1)"
}
