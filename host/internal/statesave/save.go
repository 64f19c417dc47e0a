package statesave

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"

	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/persist"
	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/host/internal/standing"
	"github.com/btlua/btlua/host/internal/state"
	lua "github.com/yuin/gopher-lua"
)

// Snapshot is host.Agent.Snapshot.
func Snapshot(a *state.Agent) ([]byte, error) {
	h, err := a.TryUse("Snapshot")
	if err != nil {
		return nil, err
	}
	defer h.Leave()
	if err := h.Shared.RefuseClosed("Snapshot"); err != nil {
		return nil, err
	}
	h.RefuseInScript("Snapshot")
	defer h.Stretch("saving agent "+a.Name(), a)()
	ReleaseSlots(h.Shared)
	ld, err := SnapshotLoad(h, NewRun(h.Shared, false), a.Load, []*state.Agent{a})
	if err != nil {
		return nil, err
	}
	return savefile.Encode(&savefile.File{Format: savefile.Format, Version: savefile.Version, Loads: []savefile.Load{ld}})
}

// Run is what one Snapshot or SnapshotAll looks up once for all its
// agents: the value saver's run (classes, hooks, task paths) and each
// script's hash.
type Run struct {
	Vals   *persist.Run
	hashes map[string]string // script path -> SHA-256 (hex)
}

// NewRun begins a save of the host whose states share h (whole: every
// agent, SnapshotAll).
func NewRun(h *state.Shared, whole bool) *Run {
	run := &Run{Vals: persist.NewRun(whole), hashes: map[string]string{}}
	run.Vals.SetScriptClass(func(L *lua.LState, name string) bool { return ScriptClass(h, L, name) })
	return run
}

// SnapshotLoad saves the agents of ld.
func SnapshotLoad(h *state.State, run *Run, ld *state.Load, agents []*state.Agent) (savefile.Load, error) {
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
		if err := persist.PlainArgs(ld.Args, "args"); err != nil {
			return savefile.Load{}, fmt.Errorf("host: saving the agents spawned from %s: %v", ld.Src.Path, err)
		}
		sl.Args = ld.Args
	}
	for _, a := range agents {
		sa, err := snapshotAgent(h, run, a)
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
func saveError(a *state.Agent, err error) error {
	return fmt.Errorf("host: saving agent %s (%s): %w", a.Label(), a.Source, err)
}

// snapshotAgent saves one agent of the state h.
func snapshotAgent(h *state.State, run *Run, a *state.Agent) (savefile.Agent, error) {
	sa, err := run.Vals.SaveAgent(h.VM.L, &persist.Agent{Name: loader.TreeName(a.Tree()), Tree: a.Tree(), Status: a.LastStatus, Policy: savePolicy(h.Shared, a), Schedule: standing.SaveSchedule(&a.Slot), Built: a.Built})
	if err != nil {
		return savefile.Agent{}, saveError(a, err)
	}
	return sa, nil
}
