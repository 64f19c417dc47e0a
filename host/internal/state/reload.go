package state

import (
	"slices"

	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/host/internal/sources"
	lua "github.com/yuin/gopher-lua"
)

// ReloadFailed reloads, after a successful reload of src, the scripts of
// the trees an error had stopped (rebuilding them), adding what they
// changed to rep; their failures change nothing and are not reported.
func (h *State) ReloadFailed(src *Source, rep *ReloadReport) {
	seen := map[*Source]bool{src: true}
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
		if more, err := h.Reload(s, text); err == nil {
			rep.Rebuilt = append(rep.Rebuilt, more.Rebuilt...)
			rep.Removed = append(rep.Removed, more.Removed...)
			rep.Started = append(rep.Started, more.Started...)
		}
	}
}

// Reload is Reload of one file: a snapshot, the staged runs and the merge
// (prepareReload), then, only when all of it succeeded, the plan applied
// (apply). When the run fails, the snapshot is restored.
func (h *State) Reload(src *Source, data []byte) (*ReloadReport, error) {
	proto, err := h.Loader.Compile(src.Path, data)
	if err != nil {
		return nil, err
	}
	p, err := h.PrepareReload(src, proto)
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
	State *State
	Src   *Source
	snap  *reload.Snapshot
	marks sources.Marks
	plan  *reload.Plan
	trees []treePlan // the loads that get new trees
}

// PrepareReload takes a snapshot, then stages and merges the file
// compiled as proto and plans what changes (see run); on error the
// snapshot is restored and nothing changed.
func (h *State) PrepareReload(src *Source, proto *lua.FunctionProto) (*PendingReload, error) {
	h.VM.AddScriptFolder(src.Path)
	before := h.classesOf(src)
	p := &PendingReload{State: h, Src: src, marks: h.Sources.Mark(), snap: h.takeSnapshot()}
	var err error
	if p.plan, p.trees, err = h.run(src, proto, before, p.snap); err != nil {
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
	p.State.keepReferences()
}

// Apply installs the new factory, replaces the trees and swaps the
// subtrees as planned, and returns the report.
func (p *PendingReload) Apply() *ReloadReport {
	h, rep := p.State, p.plan.Report
	if p.plan.Factory != nil {
		h.Factories[p.Src] = p.plan.Factory
	}
	for _, pl := range p.trees {
		h.applyPlan(pl, rep)
	}
	if len(p.trees) > 0 {
		h.relist()
	}
	if p.Src.Kind == referenceSource {
		h.applySwaps(p.Src, p.plan.Swaps, rep) // PlanReferences pruned the references
	} else {
		h.keepReferences()
	}
	return rep
}

// run has the state's loader run the file staged, check that no class
// vanished, commit the staged globals and module (loader.Loader.Rerun),
// and plans the trees of each load of a script, the new factory of a
// spawned script (installed once everything succeeded), and the subtrees
// of a referenced file. Any error leaves live state changed: the caller
// restores its snapshot.
func (h *State) run(src *Source, proto *lua.FunctionProto, before reload.Classes, snap *reload.Snapshot) (*reload.Plan, []treePlan, error) {
	plan := &reload.Plan{Report: &ReloadReport{File: src.Path}}
	fresh, factory, err := h.Loader.Rerun(src.File(), h.Factories[src] != nil, proto, before, snap, plan.Report)
	if err != nil {
		return nil, nil, err
	}
	plan.Factory = factory
	var trees []treePlan
	pairs := reload.NewPairs(h.VM.Lib) // the local classes of the trees kept
	switch {
	case plan.Factory != nil:
		trees, err = h.planSpawns(src, plan.Factory, pairs)
	case src.Kind == scriptSource:
		trees, err = h.planTrees(src, proto, fresh, snap, pairs)
	case src.Kind == referenceSource:
		plan.Swaps = h.planReferences(src, proto)
	}
	if err != nil {
		return nil, nil, err
	}
	pairs.Merge(h.VM.L, plan.Report)
	return plan, trees, nil
}
