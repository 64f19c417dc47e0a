package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"

	"github.com/btlua/btlua/host/internal/persist"
	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/host/internal/standing"
)

// Snapshot is host.Agent.Snapshot.
func (a *Agent) Snapshot() ([]byte, error) {
	h, err := a.tryUse("Snapshot")
	if err != nil {
		return nil, err
	}
	defer h.done()
	if err := h.sh.refuseClosed("Snapshot"); err != nil {
		return nil, err
	}
	h.refuseInScript("Snapshot")
	defer h.stretch("saving agent "+a.Name(), a)()
	h.sh.releaseSlots()
	ld, err := h.snapshotLoad(h.sh.newSaveRun(false), a.load, []*Agent{a})
	if err != nil {
		return nil, err
	}
	return savefile.Encode(&savefile.File{Format: savefile.Format, Version: savefile.Version, Loads: []savefile.Load{ld}})
}

// SnapshotAll is host.Host.SnapshotAll.
func (h *Runtime) SnapshotAll() ([]byte, error) {
	if err := h.tryUse("SnapshotAll"); err != nil {
		return nil, err
	}
	defer h.done()
	if err := h.refuseClosed("SnapshotAll"); err != nil {
		return nil, err
	}
	h.refuseInScript("SnapshotAll")
	s0 := h.eng.states()[0] // its global variables are every state's (a shard's mirror them)
	defer s0.stretch("saving every agent", nil)()
	h.releaseSlots()
	f := &savefile.File{Format: savefile.Format, Version: savefile.Version, Shards: h.eng.shardCount(), Ticks: h.ticks, Clock: h.clock}
	states := h.eng.states()
	run := h.newSaveRun(true)
	var err error
	if f.Globals, err = run.vals.SaveGlobals(s0.vm.L, s0.vm.Lib.Globals); err != nil {
		return nil, err
	}
	for _, ld := range h.eng.allLoads() {
		if len(ld.agents) == 0 {
			continue
		}
		// The agents' own state: a shard of a sharded host.
		sl, err := ld.agents[0].host.snapshotLoad(run, ld, ld.agents)
		if err != nil {
			return nil, err
		}
		sl.State = slices.Index(states, ld.agents[0].host)
		sl.Placed = f.Shards > 0
		f.Loads = append(f.Loads, sl)
	}
	if run.vals.AnyRandom() {
		for _, g := range h.eng.states() {
			var state []byte
			if run.vals.DrawsRandom(g.vm.L) {
				if state, err = g.vm.BTAI.RandomState(); err != nil {
					return nil, fmt.Errorf("host: saving the BTAI library's generator: %v", err)
				}
			}
			f.BTAIRandom = append(f.BTAIRandom, state)
		}
	}
	return savefile.Encode(f)
}

// saveRun is what one Snapshot or SnapshotAll looks up once for all its
// agents: the value saver's run (classes, hooks, task paths) and each
// script's hash.
type saveRun struct {
	vals   *persist.Run
	hashes map[string]string // script path -> SHA-256 (hex)
}

func (h *shared) newSaveRun(whole bool) *saveRun {
	run := &saveRun{vals: persist.NewRun(whole), hashes: map[string]string{}}
	run.vals.SetScriptClass(h.scriptClass)
	return run
}

// snapshotLoad saves the agents of ld.
func (h *state) snapshotLoad(run *saveRun, ld *load, agents []*Agent) (savefile.Load, error) {
	hash, ok := run.hashes[ld.src.Path]
	if !ok {
		content, err := h.vm.Files.ReadFile(ld.src.Path)
		if err != nil {
			return savefile.Load{}, fmt.Errorf("host: saving: reading %s for its hash: %w", ld.src.Path, err)
		}
		sum := sha256.Sum256(content)
		hash = hex.EncodeToString(sum[:])
		run.hashes[ld.src.Path] = hash
	}
	sl := savefile.Load{Script: ld.src.Path, Hash: hash, Spawned: ld.spawned}
	if ld.spawned {
		if err := persist.PlainArgs(ld.args, "args"); err != nil {
			return savefile.Load{}, fmt.Errorf("host: saving the agents spawned from %s: %v", ld.src.Path, err)
		}
		sl.Args = ld.args
	}
	for _, a := range agents {
		sa, err := h.snapshotAgent(run, a)
		if err != nil {
			return savefile.Load{}, err
		}
		sa.Index = slices.Index(ld.agents, a)
		sl.Agents = append(sl.Agents, sa)
	}
	return sl, nil
}

// saveError names the agent in an error of saving it as its tick errors
// do (Agent.label: its number, for an unnamed tree of a script that
// makes agents more than once), with its script.
func saveError(a *Agent, err error) error {
	return fmt.Errorf("host: saving agent %s (%s): %w", a.label(), a.Source, err)
}

// snapshotAgent saves one agent of the state h.
func (h *state) snapshotAgent(run *saveRun, a *Agent) (savefile.Agent, error) {
	sa, err := run.vals.SaveAgent(h.vm.L, &persist.Agent{Name: treeName(a.tree), Tree: a.tree, Status: a.status, Policy: h.sh.savePolicy(a), Schedule: standing.SaveSchedule(&a.slot), Built: a.built})
	if err != nil {
		return savefile.Agent{}, saveError(a, err)
	}
	return sa, nil
}
