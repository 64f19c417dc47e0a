package engine

import (
	"fmt"
	"slices"

	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/host/internal/sources"
	lua "github.com/yuin/gopher-lua"
)

// Reload is host.Host.Reload.
func (h *Runtime) Reload(path string) (*ReloadReport, error) {
	if err := h.tryUse("Reload"); err != nil {
		return nil, err
	}
	defer h.done()

	if err := h.refuseClosed("Reload"); err != nil {
		return nil, err
	}
	h.refuseInScript("Reload")
	src := h.sourceAt(h.files.Key(path))
	if src == nil {
		return nil, fmt.Errorf("reload %s: not a file this host has loaded", path)
	}
	data, err := h.files.ReadFile(src.Path)
	if err != nil {
		return nil, err
	}
	rep, err := h.reloadText(src, data, "reloading "+path)
	h.reported(src.Path, rep, err)
	return rep, err
}

// reloadText is Reload of src with its text data (read by the caller, or
// by the watcher once the file settled).
func (h *Runtime) reloadText(src *source, data []byte, what string) (*ReloadReport, error) {
	return h.eng.reloadFile(src, data, what)
}

// reloadFailed reloads, after a successful reload of src, the scripts of
// the trees an error had stopped (rebuilding them), adding what they
// changed to rep; their failures change nothing and are not reported.
func (h *state) reloadFailed(src *source, rep *ReloadReport) {
	seen := map[*source]bool{src: true}
	for _, a := range slices.Clone(h.agents) {
		s := a.load.src
		if a.Err() == nil || seen[s] {
			continue
		}
		seen[s] = true
		text, err := h.vm.Files.ReadFile(s.Path)
		if err != nil {
			continue
		}
		if more, err := h.reload(s, text); err == nil {
			rep.Rebuilt = append(rep.Rebuilt, more.Rebuilt...)
			rep.Removed = append(rep.Removed, more.Removed...)
			rep.Started = append(rep.Started, more.Started...)
		}
	}
}

// reload is Reload of one file: a snapshot, the staged runs and the merge
// (prepareReload), then, only when all of it succeeded, the plan applied
// (apply). When the run fails, the snapshot is restored.
func (h *state) reload(src *source, data []byte) (*ReloadReport, error) {
	proto, err := h.loader.Compile(src.Path, data)
	if err != nil {
		return nil, err
	}
	p, err := h.prepareReload(src, proto)
	if err != nil {
		return nil, err
	}
	return p.apply(), nil
}

// pendingReload is a reload of one file that ran and merged its globals
// (prepareReload) but has not been applied yet: apply finishes it, abort
// puts the state back as it was before (a sharded host aborts every
// shard's when one shard's run failed).
type pendingReload struct {
	h     *state
	src   *source
	snap  *reload.Snapshot
	marks sources.Marks
	plan  *reload.Plan
	trees []treePlan // the loads that get new trees
}

// prepareReload takes a snapshot, then stages and merges the file
// compiled as proto and plans what changes (see run); on error the
// snapshot is restored and nothing changed.
func (h *state) prepareReload(src *source, proto *lua.FunctionProto) (*pendingReload, error) {
	h.vm.AddScriptFolder(src.Path)
	before := h.classesOf(src)
	p := &pendingReload{h: h, src: src, marks: h.sources.Mark(), snap: h.takeSnapshot()}
	var err error
	if p.plan, p.trees, err = h.run(src, proto, before, p.snap); err != nil {
		p.abort()
		return nil, err
	}
	return p, nil
}

// abort restores the state the reload started from; the references the
// run made are forgotten.
func (p *pendingReload) abort() {
	p.snap.Restore()
	p.h.sources.Restore(p.marks)
	p.h.vm.Lib.Invalidate() // one epoch for every binding (luaclass.State)
	p.h.keepReferences()
}

// apply installs the new factory, replaces the trees and swaps the
// subtrees as planned, and returns the report.
func (p *pendingReload) apply() *ReloadReport {
	h, rep := p.h, p.plan.Report
	if p.plan.Factory != nil {
		h.factories[p.src] = p.plan.Factory
	}
	for _, pl := range p.trees {
		h.applyPlan(pl, rep)
	}
	if len(p.trees) > 0 {
		h.relist()
	}
	if p.src.Kind == referenceSource {
		h.applySwaps(p.src, p.plan.Swaps, rep) // PlanReferences pruned the references
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
func (h *state) run(src *source, proto *lua.FunctionProto, before reload.Classes, snap *reload.Snapshot) (*reload.Plan, []treePlan, error) {
	plan := &reload.Plan{Report: &ReloadReport{File: src.Path}}
	fresh, factory, err := h.loader.Rerun(src.File(), h.factories[src] != nil, proto, before, snap, plan.Report)
	if err != nil {
		return nil, nil, err
	}
	plan.Factory = factory
	var trees []treePlan
	pairs := reload.NewPairs(h.vm.Lib) // the local classes of the trees kept
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
	pairs.Merge(h.vm.L, plan.Report)
	return plan, trees, nil
}
