package statereload

import (
	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/host/internal/stateload"
	"github.com/btlua/btlua/lua/btlib"
	lua "github.com/yuin/gopher-lua"
)

// trees returns the trees of the load's agents, in order.
func treesOf(ld *state.Load) []*btlib.Tree {
	out := make([]*btlib.Tree, len(ld.Agents))
	for i, a := range ld.Agents {
		out[i] = a.Tree()
	}
	return out
}

// unchanged reports whether the load's trees are all running and have the
// structures sigs, in order (see reload.Same): a class-level reload keeps
// them all.
func unchanged(ld *state.Load, sigs []treeSignature) bool { return reload.Same(treesOf(ld), sigs) }

// treePlan is what a reload does to the trees of one load: replace them
// with the trees fresh, tree by tree (see applyPlan).
type treePlan struct {
	ld    *state.Load
	fresh []*btlib.Tree
}

// planTrees decides which loads of the script src need new trees, given
// the trees first of the reload's run (see reload.PlanLoads): each
// further load that needs new trees gets a run of its own, staged and
// committed like the first run. An error of such a run fails the reload.
func planTrees(h *state.State, src *state.Source, proto *lua.FunctionProto, first []*btlib.Tree, snap *reload.Snapshot, pairs *reload.Pairs) ([]treePlan, error) {
	var loads []*state.Load
	var trees [][]*btlib.Tree
	for _, ld := range h.Loads {
		if ld.Src == src {
			loads = append(loads, ld)
			trees = append(trees, treesOf(ld))
		}
	}
	if len(loads) == 0 {
		if len(first) == 0 {
			return nil, nil
		}
		// The script never loaded (its first LoadFile failed, and btlua
		// --watch waits for a fixed version): this run is its first load.
		ld := &state.Load{Src: src}
		h.Loads = append(h.Loads, ld)
		return []treePlan{{ld: ld, fresh: first}}, nil
	}
	more := func() ([]*btlib.Tree, error) { return h.Loader.RunAgain(src.File(), proto, snap) }
	lps, err := reload.PlanLoads(trees, first, more)
	if err == nil {
		err = pairs.Loads(trees, first, lps, more)
	}
	if err != nil {
		return nil, err
	}
	plans := make([]treePlan, len(lps))
	for i, lp := range lps {
		plans[i] = treePlan{ld: loads[lp.Load], fresh: lp.Fresh}
	}
	return plans, nil
}

// applyPlan replaces the trees of a load tree by tree: the n-th fresh tree
// with the n-th old one. An old tree that is running and has the fresh
// tree's structure is kept; another is halted, its blackboard variables
// are copied into the fresh tree, and its agent runs the fresh tree. Old
// trees without a fresh one are halted and removed; fresh trees without an
// old one start in new agents. The report gets the names.
func applyPlan(h *state.State, p treePlan, rep *state.ReloadReport) {
	old, fresh := p.ld.Agents, p.fresh
	var next []*state.Agent
	for i := 0; i < max(len(old), len(fresh)); i++ {
		switch {
		case i < len(old) && i < len(fresh):
			a := old[i]
			next = append(next, a)
			if a.Err() == nil && signature(a.Tree()) == signature(fresh[i]) {
				continue
			}
			rep.Rebuilt = append(rep.Rebuilt, a.Name())
			h.Rebuild(a, fresh[i])
		case i < len(old):
			rep.Removed = append(rep.Removed, old[i].Name())
			h.Remove(old[i])
		default:
			a := h.NewAgent(fresh[i], p.ld, "")
			rep.Started = append(rep.Started, a.Name())
			next = append(next, a)
		}
	}
	p.ld.Agents = next
}

// relist rebuilds the host's list of agents from its loads after a reload
// changed some: each load's agents stand where the load's first agent
// stood, and a load that had none puts its new ones at the end.
func relist(h *state.State) {
	out := make([]*state.Agent, 0, len(h.Agents))
	placed := map[*state.Load]bool{}
	for _, a := range h.Agents {
		if !placed[a.Load] {
			placed[a.Load] = true
			out = append(out, a.Load.Agents...)
		}
	}
	for _, ld := range h.Loads {
		if !placed[ld] {
			out = append(out, ld.Agents...)
		}
	}
	h.Agents = out
}

// planSpawns calls the reloaded script's factory for each spawned load of
// src, with the load's args, and plans new trees for the loads whose tree
// changed structure or was stopped by an error (see planTrees).
func planSpawns(h *state.State, src *state.Source, factory *lua.LFunction, pairs *reload.Pairs) ([]treePlan, error) {
	var plans []treePlan
	claimed := map[*btlib.Tree]bool{}
	for _, ld := range h.Loads {
		if ld.Src != src || !ld.Spawned {
			continue
		}
		tr, err := stateload.SpawnTree(h, ld, factory, claimed)
		if err != nil {
			return nil, err
		}
		pairs.Kept(treesOf(ld), []*btlib.Tree{tr})
		if !unchanged(ld, []treeSignature{signature(tr)}) {
			plans = append(plans, treePlan{ld: ld, fresh: []*btlib.Tree{tr}})
		}
	}
	return plans, nil
}
