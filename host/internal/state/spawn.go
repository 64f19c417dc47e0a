package state

import (
	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// SpawnAgent is Spawn in the state.
func (h *State) SpawnAgent(path string, args any) (*Agent, error) {
	h.RefuseInScript("Spawn")
	defer h.Stretch("spawning "+path, nil)()
	src, factory, err := h.factory(path)
	if err != nil {
		return nil, err
	}
	ld := &Load{Src: src, Spawned: true, Args: args}
	tr, err := h.SpawnTree(ld, factory, nil)
	if err != nil {
		return nil, err
	}
	if err := h.overLimitBuilding(func() string { return h.spawningText(tr, src.Path) }); err != nil {
		return nil, err
	}
	a := h.NewAgent(tr, ld, "factory return value 1")
	ld.Agents = []*Agent{a}
	h.Loads = append(h.Loads, ld)
	h.Agents = append(h.Agents, a)
	return a, nil
}

// factory returns the script at path and its factory function, running
// the script the first time (see loader.Loader.Run).
func (h *State) factory(path string) (*Source, *lua.LFunction, error) {
	if src := h.Sources.At(h.VM.Files.Key(path)); src != nil && h.Factories[src] != nil {
		return src, h.Factories[src], nil
	}
	rec, fn, err := h.Loader.Open(path)
	if err != nil {
		return nil, nil, err
	}
	src := rec.(*Source)
	rets, commit, err := h.Loader.Run(src.Path, src, fn, h.ranBefore(src))
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

// SpawnTree calls the factory with the load's args and returns the tree
// it returned (see loader.Loader.CallFactory). During a reload, the tree
// of the load's own agent may come back (the factory keeps trees in a
// table); any other agent's tree, or a tree claimed by another load in
// this reload, is refused.
func (h *State) SpawnTree(ld *Load, factory *lua.LFunction, claimed map[*btlib.Tree]bool) (*btlib.Tree, error) {
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
