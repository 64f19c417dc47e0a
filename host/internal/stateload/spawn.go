package stateload

import (
	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// Spawn is Spawn in the state h: the script's factory (run the first
// time) is called with args, and the state keeps the load and its agent.
func Spawn(h *state.State, path string, args any) (*state.Agent, error) {
	h.RefuseInScript("Spawn")
	defer h.Stretch("spawning "+path, nil)()
	src, factory, err := factoryOf(h, path)
	if err != nil {
		return nil, err
	}
	ld := &state.Load{Src: src, Spawned: true, Args: args}
	tr, err := SpawnTree(h, ld, factory, nil)
	if err != nil {
		return nil, err
	}
	if err := overLimitBuilding(h, func() string { return spawningText(h, tr, src.Path) }); err != nil {
		return nil, err
	}
	a := h.NewAgent(tr, ld, "factory return value 1")
	ld.Agents = []*state.Agent{a}
	h.Loads = append(h.Loads, ld)
	h.Agents = append(h.Agents, a)
	return a, nil
}

// factoryOf returns the script at path and its factory function, running
// the script the first time (see loader.Loader.Run).
func factoryOf(h *state.State, path string) (*state.Source, *lua.LFunction, error) {
	if src := h.Sources.At(h.VM.Files.Key(path)); src != nil && h.Factories[src] != nil {
		return src, h.Factories[src], nil
	}
	rec, fn, err := h.Loader.Open(path)
	if err != nil {
		return nil, nil, err
	}
	src := rec.(*state.Source)
	rets, commit, err := h.Loader.Run(src.Path, src, fn, ranBefore(h, src))
	if err != nil {
		return nil, nil, err
	}
	f, err := loader.FactoryOf(src.Path, rets)
	if err != nil {
		return nil, nil, err
	}
	commit()
	h.Factories[src] = f
	return src, f, nil
}

// SpawnTree calls the factory in h with the load's args and returns the tree
// it returned (see loader.Loader.CallFactory). During a reload, the tree
// of the load's own agent may come back (the factory keeps trees in a
// table); any other agent's tree, or a tree claimed by another load in
// this reload, is refused.
func SpawnTree(h *state.State, ld *state.Load, factory *lua.LFunction, claimed map[*btlib.Tree]bool) (*btlib.Tree, error) {
	tr, err := h.Loader.CallFactory(ld.Src.Path, ld.Src, factory, ld.Args)
	if err != nil {
		return nil, err
	}
	if a := h.ByTree[tr]; (a != nil && a.Load != ld) || claimed[tr] {
		owner := ld.Src.Path
		if a != nil {
			owner = a.Source
		}
		return nil, loader.AtFactory(&luaerr.Error{File: ld.Src.Path, Msg: loader.TickedAlready("factory return value 1", tr, owner)}, factory)
	}
	if claimed != nil {
		claimed[tr] = true
	}
	return tr, nil
}
