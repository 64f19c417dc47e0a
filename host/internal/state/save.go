package state

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
	defer h.Leave()
	if err := h.Shared.RefuseClosed("Snapshot"); err != nil {
		return nil, err
	}
	h.RefuseInScript("Snapshot")
	defer h.Stretch("saving agent "+a.Name(), a)()
	h.Shared.ReleaseSlots()
	ld, err := h.SnapshotLoad(h.Shared.NewSaveRun(false), a.Load, []*Agent{a})
	if err != nil {
		return nil, err
	}
	return savefile.Encode(&savefile.File{Format: savefile.Format, Version: savefile.Version, Loads: []savefile.Load{ld}})
}

// saveRun is what one Snapshot or SnapshotAll looks up once for all its
// agents: the value saver's run (classes, hooks, task paths) and each
// script's hash.
type saveRun struct {
	Vals   *persist.Run
	hashes map[string]string // script path -> SHA-256 (hex)
}

func (h *Shared) NewSaveRun(whole bool) *saveRun {
	run := &saveRun{Vals: persist.NewRun(whole), hashes: map[string]string{}}
	run.Vals.SetScriptClass(h.ScriptClass)
	return run
}

// SnapshotLoad saves the agents of ld.
func (h *State) SnapshotLoad(run *saveRun, ld *Load, agents []*Agent) (savefile.Load, error) {
	hash, ok := run.hashes[ld.Src.Path]
	if !ok {
		content, err := h.VM.Files.ReadFile(ld.Src.Path)
		if err != nil {
			return savefile.Load{}, fmt.Errorf("host: saving: reading %s for its hash: %w", ld.Src.Path, err)
		}
		sum := sha256.Sum256(content)
		hash = hex.EncodeToString(sum[:])
		run.hashes[ld.Src.Path] = hash
	}
	sl := savefile.Load{Script: ld.Src.Path, Hash: hash, Spawned: ld.Spawned}
	if ld.Spawned {
		if err := persist.PlainArgs(ld.args, "args"); err != nil {
			return savefile.Load{}, fmt.Errorf("host: saving the agents spawned from %s: %v", ld.Src.Path, err)
		}
		sl.Args = ld.args
	}
	for _, a := range agents {
		sa, err := h.snapshotAgent(run, a)
		if err != nil {
			return savefile.Load{}, err
		}
		sa.Index = slices.Index(ld.Agents, a)
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
func (h *State) snapshotAgent(run *saveRun, a *Agent) (savefile.Agent, error) {
	sa, err := run.Vals.SaveAgent(h.VM.L, &persist.Agent{Name: treeName(a.tree), Tree: a.tree, Status: a.LastStatus, Policy: h.Shared.savePolicy(a), Schedule: standing.SaveSchedule(&a.Slot), Built: a.built})
	if err != nil {
		return savefile.Agent{}, saveError(a, err)
	}
	return sa, nil
}
