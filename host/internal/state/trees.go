package state

import (
	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/lua/btlib"
	lua "github.com/yuin/gopher-lua"
)

// Load is one LoadFile or Spawn call: the script it ran and the agents
// running the trees that run returned, in the order returned (one agent
// for a Spawn). A reload replaces each Load's trees with trees of the
// Load's own (see Reload).
type Load struct {
	Src    *Source
	Agents []*Agent
	// spawned is set for a Spawn, whose tree comes from calling the
	// script's factory with args.
	spawned bool
	args    any
}

// trees returns the trees of the load's agents, in order.
func (ld *Load) trees() []*btlib.Tree {
	out := make([]*btlib.Tree, len(ld.Agents))
	for i, a := range ld.Agents {
		out[i] = a.tree
	}
	return out
}

// unchanged reports whether the load's trees are all running and have the
// structures sigs, in order (see reload.Same): a class-level reload keeps
// them all.
func (ld *Load) unchanged(sigs []treeSignature) bool { return reload.Same(ld.trees(), sigs) }

// treePlan is what a reload does to the trees of one load: replace them
// with the trees fresh, tree by tree (see applyPlan).
type treePlan struct {
	ld    *Load
	fresh []*btlib.Tree
}

// planTrees decides which loads of the script src need new trees, given
// the trees first of the reload's run (see reload.PlanLoads): each
// further load that needs new trees gets a run of its own, staged and
// committed like the first run. An error of such a run fails the reload.
func (h *State) planTrees(src *Source, proto *lua.FunctionProto, first []*btlib.Tree, snap *reload.Snapshot, pairs *reload.Pairs) ([]treePlan, error) {
	var loads []*Load
	var trees [][]*btlib.Tree
	for _, ld := range h.Loads {
		if ld.Src == src {
			loads = append(loads, ld)
			trees = append(trees, ld.trees())
		}
	}
	if len(loads) == 0 {
		if len(first) == 0 {
			return nil, nil
		}
		// The script never loaded (its first LoadFile failed, and btlua
		// --watch waits for a fixed version): this run is its first load.
		ld := &Load{Src: src}
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
func (h *State) applyPlan(p treePlan, rep *ReloadReport) {
	old, fresh := p.ld.Agents, p.fresh
	var next []*Agent
	for i := 0; i < max(len(old), len(fresh)); i++ {
		switch {
		case i < len(old) && i < len(fresh):
			a := old[i]
			next = append(next, a)
			if a.Err() == nil && signature(a.tree) == signature(fresh[i]) {
				continue
			}
			rep.Rebuilt = append(rep.Rebuilt, a.Name())
			h.logHalt(a, a.haltForReload())
			carryBlackboard(a.tree, fresh[i])
			before := a.tree
			delete(h.ByTree, before)
			a.tree, a.LastStatus = fresh[i], 0
			h.ByTree[a.tree] = a
			if a.UserObserver != nil {
				a.tree.BT.Observer = a.UserObserver
			}
			before.BT.Blackboard.OnSet(nil)
			a.rebound(before.BT.Blackboard)
		case i < len(old):
			rep.Removed = append(rep.Removed, old[i].Name())
			h.logHalt(old[i], old[i].haltForReload())
			delete(h.ByTree, old[i].tree)
			old[i].tree.BT.Blackboard.OnSet(nil)
		default:
			a := h.newAgent(fresh[i], p.ld, "")
			rep.Started = append(rep.Started, a.Name())
			next = append(next, a)
		}
	}
	p.ld.Agents = next
}

// relist rebuilds the host's list of agents from its loads after a reload
// changed some: each load's agents stand where the load's first agent
// stood, and a load that had none puts its new ones at the end.
func (h *State) relist() {
	out := make([]*Agent, 0, len(h.Agents))
	placed := map[*Load]bool{}
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

// carryBlackboard copies the variables of from's blackboard into to's.
func carryBlackboard(from, to *btlib.Tree) {
	for _, name := range from.BT.Blackboard.Names() {
		v, _ := from.BT.Blackboard.Get(name)
		to.BT.Blackboard.Set(name, v)
	}
}
