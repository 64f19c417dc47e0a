package state

import (
	"errors"
	"slices"

	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/persist/values"
	"github.com/btlua/btlua/lua/btlib"
	lua "github.com/yuin/gopher-lua"
)

// ErrFactoryScript is wrapped by LoadFile's error for a script that returns
// a function: a factory, which Spawn starts (errors.Is(err,
// ErrFactoryScript)).
var ErrFactoryScript = loader.ErrFactoryScript

// LoadFile is LoadFile in the state: the state's loader runs the script
// and checks its trees; the state keeps the load and its agents.
func (h *State) LoadFile(path string) ([]*Agent, error) {
	h.RefuseInScript("LoadFile")
	defer h.Stretch("loading "+path, nil)()
	rec, fn, err := h.Loader.Open(path)
	if err != nil {
		return nil, err
	}
	src := rec.(*Source)
	rets, commit, err := h.Loader.Run(src.Path, src, fn, h.ranBefore(src))
	if err != nil {
		return nil, err
	}
	trees, wheres, err := h.Loader.TreesOf(path, rets, nil, "return value")
	if err != nil {
		if errors.Is(err, ErrFactoryScript) {
			h.keepFactory(src, rets, commit)
		}
		return nil, err
	}
	if err := h.overLimitBuilding(func() string { return "loading " + path }); err != nil {
		return nil, err
	}
	commit()
	ld := &Load{Src: src}
	for i, tr := range trees {
		ld.Agents = append(ld.Agents, h.NewAgent(tr, ld, wheres[i]))
	}
	h.Loads = append(h.Loads, ld)
	h.Agents = append(h.Agents, ld.Agents...)
	return slices.Clone(ld.Agents), nil
}

// keepFactory keeps the factory function a script LoadFile ran returned
// (its first return value), with the run, so that a Spawn of the script
// that follows calls it without running the script again: its top level
// runs once per Lua state, as when Spawn ran it first.
func (h *State) keepFactory(src *Source, rets []lua.LValue, commit func()) {
	f, err := loader.FactoryOf(src.Path, rets)
	if err != nil {
		return
	}
	commit()
	h.Factories[src] = f
}

// ranBefore reports whether a LoadFile or a Spawn ran the script src
// already.
func (h *State) ranBefore(src *Source) bool {
	if h.Factories[src] != nil {
		return true
	}
	for _, ld := range h.Loads {
		if ld.Src == src {
			return true
		}
	}
	return false
}

// NewAgent returns an agent of the load ld ticking tr, the script's
// return value where (for errors; "" for a tree a reload started), and
// logs what the BTAI lint finds in its tree (loader.Lint).
func (h *State) NewAgent(tr *btlib.Tree, ld *Load, where string) *Agent {
	a := &Agent{State: h, tree: tr, Source: ld.Src.Path, Load: ld, where: where, Built: values.BuiltFunctions(tr)}
	a.Variables.Init((*agentScope)(a))
	h.ByTree[tr] = a
	loader.Lint(tr.Root(), a.Source, h.Shared.Linted, h.Shared.Log)
	return a
}
