package engine

import (
	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// Spawn is host.Host.Spawn.
func (h *Runtime) Spawn(path string, args any) (*Agent, error) {
	if err := h.tryUse("Spawn"); err != nil {
		return nil, err
	}
	defer h.done()

	if err := h.refuseClosed("Spawn"); err != nil {
		return nil, err
	}
	return h.eng.spawnAgent(path, args)
}

// spawnAgent is Spawn in the state.
func (h *state) spawnAgent(path string, args any) (*Agent, error) {
	h.refuseInScript("Spawn")
	defer h.stretch("spawning "+path, nil)()
	src, factory, err := h.factory(path)
	if err != nil {
		return nil, err
	}
	ld := &load{src: src, spawned: true, args: args}
	tr, err := h.spawnTree(ld, factory, nil)
	if err != nil {
		return nil, err
	}
	if err := h.overLimitBuilding(func() string { return h.spawningText(tr, src.Path) }); err != nil {
		return nil, err
	}
	a := h.newAgent(tr, ld, "factory return value 1")
	ld.agents = []*Agent{a}
	h.loads = append(h.loads, ld)
	h.agents = append(h.agents, a)
	return a, nil
}

// factory returns the script at path and its factory function, running
// the script the first time (see loader.Loader.Run).
func (h *state) factory(path string) (*source, *lua.LFunction, error) {
	if src := h.sources.At(h.vm.Files.Key(path)); src != nil && h.factories[src] != nil {
		return src, h.factories[src], nil
	}
	rec, fn, err := h.loader.Open(path)
	if err != nil {
		return nil, nil, err
	}
	src := rec.(*source)
	rets, commit, err := h.loader.Run(src.Path, src, fn, h.ranBefore(src))
	if err != nil {
		return nil, nil, err
	}
	f, err := loader.FactoryOf(src.Path, rets)
	if err != nil {
		return nil, nil, err
	}
	commit()
	h.factories[src] = f
	return src, f, nil
}

// spawnTree calls the factory with the load's args and returns the tree
// it returned (see loader.Loader.CallFactory). During a reload, the tree
// of the load's own agent may come back (the factory keeps trees in a
// table); any other agent's tree, or a tree claimed by another load in
// this reload, is refused.
func (h *state) spawnTree(ld *load, factory *lua.LFunction, claimed map[*btlib.Tree]bool) (*btlib.Tree, error) {
	tr, err := h.loader.CallFactory(ld.src.Path, ld.src, factory, ld.args)
	if err != nil {
		return nil, err
	}
	if a := h.byTree[tr]; (a != nil && a.load != ld) || claimed[tr] {
		owner := ld.src.Path
		if a != nil {
			owner = a.Source
		}
		return nil, loader.AtFactory(&luaerr.Error{File: ld.src.Path, Msg: loader.TickedAlready("factory return value 1", tr, owner)}, factory)
	}
	if claimed != nil {
		claimed[tr] = true
	}
	return tr, nil
}

// planSpawns calls the reloaded script's factory for each spawned load of
// src, with the load's args, and plans new trees for the loads whose tree
// changed structure or was stopped by an error (see planTrees).
func (h *state) planSpawns(src *source, factory *lua.LFunction, pairs *reload.Pairs) ([]treePlan, error) {
	var plans []treePlan
	claimed := map[*btlib.Tree]bool{}
	for _, ld := range h.loads {
		if ld.src != src || !ld.spawned {
			continue
		}
		tr, err := h.spawnTree(ld, factory, claimed)
		if err != nil {
			return nil, err
		}
		pairs.Kept(ld.trees(), []*btlib.Tree{tr})
		if !ld.unchanged([]treeSignature{signature(tr)}) {
			plans = append(plans, treePlan{ld: ld, fresh: []*btlib.Tree{tr}})
		}
	}
	return plans, nil
}
