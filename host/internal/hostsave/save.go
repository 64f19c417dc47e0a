package hostsave

import (
	"fmt"
	"slices"

	"github.com/btlua/btlua/host/internal/statesave"

	"github.com/btlua/btlua/host/internal/savefile"
)

// SnapshotAll is host.Host.SnapshotAll: the save of every agent of h, in
// order, with the global variables, the clock and the BTAI generators.
func SnapshotAll(h Runtime) ([]byte, error) {
	if err := h.TryUse("SnapshotAll"); err != nil {
		return nil, err
	}
	defer h.Leave()
	if err := h.RefuseClosed("SnapshotAll"); err != nil {
		return nil, err
	}
	h.RefuseInScript("SnapshotAll")
	eng := h.Engine()
	s0 := eng.States()[0] // its global variables are every state's (a shard's mirror them)
	defer s0.Stretch("saving every agent", nil)()
	sh := h.Shared()
	statesave.ReleaseSlots(sh)
	f := &savefile.File{Format: savefile.Format, Version: savefile.Version, Shards: eng.ShardCount(), Ticks: h.Ticks(), Clock: sh.TickTime}
	states := eng.States()
	run := statesave.NewRun(sh, true)
	var err error
	if f.Globals, err = run.Vals.SaveGlobals(s0.VM.L, s0.VM.Lib.Globals); err != nil {
		return nil, err
	}
	for _, ld := range eng.AllLoads() {
		if len(ld.Agents) == 0 {
			continue
		}
		// The agents' own state: a shard of a sharded host.
		sl, err := statesave.SnapshotLoad(ld.Agents[0].State, run, ld, ld.Agents)
		if err != nil {
			return nil, err
		}
		sl.State = slices.Index(states, ld.Agents[0].State)
		sl.Placed = f.Shards > 0
		f.Loads = append(f.Loads, sl)
	}
	if run.Vals.AnyRandom() {
		for _, g := range states {
			var gen []byte
			if run.Vals.DrawsRandom(g.VM.L) {
				if gen, err = g.VM.BTAI.RandomState(); err != nil {
					return nil, fmt.Errorf("host: saving the BTAI library's generator: %v", err)
				}
			}
			f.BTAIRandom = append(f.BTAIRandom, gen)
		}
	}
	return savefile.Encode(f)
}
