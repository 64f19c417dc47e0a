package reload

import (
	"github.com/btlua/btlua/lua/btlib"
	lua "github.com/yuin/gopher-lua"
)

// Plan is what the reload of one file in one Lua state decided, once its
// run succeeded and its globals were merged: the host applies it when
// every part of the reload succeeded (on a sharded host, every shard's
// run), or drops it and restores the snapshot. With it go the loads that
// need new trees (PlanLoads), which the host keeps beside it, since a
// load is the host's.
type Plan struct {
	// Report lists the classes merged, globals added and methods
	// changed; the host adds the trees it rebuilds, removes and starts.
	Report *Report
	// Factory is the new factory of a spawned script, for the host to
	// call for later spawns; nil otherwise.
	Factory *lua.LFunction
	// Swaps lists the tree references to a reloaded referenced file
	// whose subtree changed structure, each with its new subtree (see
	// PlanReferences).
	Swaps []Swap
}

// LoadPlan replaces the trees of one load: Load is its index in the
// loads given to PlanLoads, Fresh its new trees, tree by tree (the n-th
// fresh tree takes the place of the n-th running one; more or fewer
// trees start or are removed).
type LoadPlan struct {
	Load  int
	Fresh []*btlib.Tree
}

// Same reports whether trees (the running trees of one load) are all
// running (no error stopped them) and have the structures sigs, in
// order: a class-level reload keeps them all.
func Same(trees []*btlib.Tree, sigs []Signature) bool {
	if len(trees) != len(sigs) {
		return false
	}
	for i, tr := range trees {
		if tr.Err != nil || Of(tr) != sigs[i] {
			return false
		}
	}
	return true
}

// PlanLoads decides which loads of a script need new trees, given the
// running trees of each load (loads[i], in order) and the trees first of
// the reload's run: a load whose trees are all the same (Same) keeps
// them. The first load that needs new trees takes first; each further one
// gets the trees of a run of its own, which more stages and commits (its
// error fails the reload and is returned).
func PlanLoads(loads [][]*btlib.Tree, first []*btlib.Tree, more func() ([]*btlib.Tree, error)) ([]LoadPlan, error) {
	sigs := make([]Signature, len(first))
	for i, tr := range first {
		sigs[i] = Of(tr)
	}
	var plans []LoadPlan
	for i, trees := range loads {
		if Same(trees, sigs) {
			continue
		}
		fresh := first
		if len(plans) > 0 {
			var err error
			if fresh, err = more(); err != nil {
				return nil, err
			}
		}
		plans = append(plans, LoadPlan{Load: i, Fresh: fresh})
	}
	return plans, nil
}
