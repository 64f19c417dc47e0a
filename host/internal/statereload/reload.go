package statereload

import (
	"slices"

	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/host/internal/sources"
	"github.com/btlua/btlua/host/internal/state"
	lua "github.com/yuin/gopher-lua"
)

// ReloadFailed reloads, after a successful reload of src, the scripts of
// the trees an error had stopped (rebuilding them), adding what they
// changed to rep; their failures change nothing and are not reported.
func ReloadFailed(h *state.State, src *state.Source, rep *state.ReloadReport) {
	seen := map[*state.Source]bool{src: true}
	for _, a := range slices.Clone(h.Agents) {
		s := a.Load.Src
		if a.Err() == nil || seen[s] {
			continue
		}
		seen[s] = true
		text, err := h.VM.Files.ReadFile(s.Path)
		if err != nil {
			continue
		}
		if more, err := Reload(h, s, text); err == nil {
			rep.Rebuilt = append(rep.Rebuilt, more.Rebuilt...)
			rep.Removed = append(rep.Removed, more.Removed...)
			rep.Started = append(rep.Started, more.Started...)
		}
	}
}

// Reload is Reload of one file: a snapshot, the staged runs and the merge
// (prepareReload), then, only when all of it succeeded, the plan applied
// (apply). When the run fails, the snapshot is restored.
func Reload(h *state.State, src *state.Source, data []byte) (*state.ReloadReport, error) {
	proto, err := h.Loader.Compile(src.Path, data)
	if err != nil {
		return nil, err
	}
	p, err := PrepareReload(h, src, proto)
	if err != nil {
		return nil, err
	}
	return p.Apply(), nil
}

// PendingReload is a reload of one file that ran and merged its globals
// (prepareReload) but has not been applied yet: apply finishes it, abort
// puts the state back as it was before (a sharded host aborts every
// shard's when one shard's run failed).
type PendingReload struct {
	State *state.State
	Src   *state.Source
	snap  *reload.Snapshot
	marks sources.Marks
	plan  *reload.Plan
	trees []treePlan // the loads that get new trees
}

// PrepareReload takes a snapshot, then stages and merges the file
// compiled as proto and plans what changes (see run); on error the
// snapshot is restored and nothing changed.
func PrepareReload(h *state.State, src *state.Source, proto *lua.FunctionProto) (*PendingReload, error) {
	h.VM.AddScriptFolder(src.Path)
	before := classesOf(h, src)
	p := &PendingReload{State: h, Src: src, marks: h.Sources.Mark(), snap: takeSnapshot(h)}
	var err error
	if p.plan, p.trees, err = run(h, src, proto, before, p.snap); err != nil {
		p.Abort()
		return nil, err
	}
	return p, nil
}

// Abort restores the state the reload started from; the references the
// run made are forgotten.
func (p *PendingReload) Abort() {
	p.snap.Restore()
	p.State.Sources.Restore(p.marks)
	p.State.VM.Lib.Invalidate() // one epoch for every binding (luaclass.State)
	keepReferences(p.State)
}

// Apply installs the new factory, replaces the trees and swaps the
// subtrees as planned, and returns the report.
func (p *PendingReload) Apply() *state.ReloadReport {
	h, rep := p.State, p.plan.Report
	if p.plan.Factory != nil {
		h.Factories[p.Src] = p.plan.Factory
	}
	for _, pl := range p.trees {
		applyPlan(h, pl, rep)
	}
	if len(p.trees) > 0 {
		relist(h)
	}
	if p.Src.Kind == loader.Reference {
		applySwaps(h, p.Src, p.plan.Swaps, rep) // PlanReferences pruned the references
	} else {
		keepReferences(h)
	}
	return rep
}

// run has the state's loader run the file staged, check that no class
// vanished, commit the staged globals and module (loader.Loader.Rerun),
// and plans the trees of each load of a script, the new factory of a
// spawned script (installed once everything succeeded), and the subtrees
// of a referenced file. Any error leaves live state changed: the caller
// restores its snapshot.
func run(h *state.State, src *state.Source, proto *lua.FunctionProto, before reload.Classes, snap *reload.Snapshot) (*reload.Plan, []treePlan, error) {
	plan := &reload.Plan{Report: &state.ReloadReport{File: src.Path}}
	fresh, factory, err := h.Loader.Rerun(src.File(), h.Factories[src] != nil, proto, before, snap, plan.Report)
	if err != nil {
		return nil, nil, err
	}
	plan.Factory = factory
	var trees []treePlan
	pairs := reload.NewPairs(h.VM.Lib) // the local classes of the trees kept
	switch {
	case plan.Factory != nil:
		trees, err = planSpawns(h, src, plan.Factory, pairs)
	case src.Kind == loader.Script:
		trees, err = planTrees(h, src, proto, fresh, snap, pairs)
	case src.Kind == loader.Reference:
		plan.Swaps = planReferences(h, src, proto)
	}
	if err != nil {
		return nil, nil, err
	}
	pairs.Merge(h.VM.L, plan.Report)
	return plan, trees, nil
}
