package state

import (
	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/lua/btlib"
)

// ErrFactoryScript is wrapped by LoadFile's error for a script that returns
// a function: a factory, which Spawn starts (errors.Is(err,
// ErrFactoryScript)).
var ErrFactoryScript = loader.ErrFactoryScript

// Load is one LoadFile or Spawn call (package host/internal/stateload
// makes them): the script it ran and the agents running the trees that
// run returned, in the order returned (one agent for a Spawn). A reload
// replaces each load's trees with trees of the Load's own (see Reload).
type Load struct {
	Src    *Source
	Agents []*Agent
	// Spawned is set for a Spawn, whose tree comes from calling the
	// script's factory with args.
	Spawned bool
	Args    any
}

// carryBlackboard copies the variables of from's blackboard into to's.
func carryBlackboard(from, to *btlib.Tree) {
	for _, name := range from.BT.Blackboard.Names() {
		v, _ := from.BT.Blackboard.Get(name)
		to.BT.Blackboard.Set(name, v)
	}
}

// Rebuild halts agent a's tree for a reload that replaced it, copies its
// blackboard variables into fresh and makes a run fresh: its observer and
// OnChange move to the new tree.
func (h *State) Rebuild(a *Agent, fresh *btlib.Tree) {
	h.logHalt(a, a.haltForReload())
	carryBlackboard(a.tree, fresh)
	before := a.tree
	delete(h.ByTree, before)
	a.tree, a.LastStatus = fresh, 0
	h.ByTree[a.tree] = a
	if a.UserObserver != nil {
		a.tree.BT.Observer = a.UserObserver
	}
	before.BT.Blackboard.OnSet(nil)
	a.Rebound(before.BT.Blackboard)
}

// Remove halts agent a's tree for a reload that dropped it.
func (h *State) Remove(a *Agent) {
	h.logHalt(a, a.haltForReload())
	delete(h.ByTree, a.tree)
	a.tree.BT.Blackboard.OnSet(nil)
}
