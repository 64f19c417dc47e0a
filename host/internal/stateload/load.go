package stateload

import (
	"errors"
	"slices"

	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/state"
	lua "github.com/yuin/gopher-lua"
)

// LoadFile is LoadFile in the state h: the state's loader runs the
// script and checks its trees; the state keeps the load and its agents.
func LoadFile(h *state.State, path string) ([]*state.Agent, error) {
	h.RefuseInScript("LoadFile")
	defer h.Stretch("loading "+path, nil)()
	rec, fn, err := h.Loader.Open(path)
	if err != nil {
		return nil, err
	}
	src := rec.(*state.Source)
	rets, commit, err := h.Loader.Run(src.Path, src, fn, ranBefore(h, src))
	if err != nil {
		return nil, err
	}
	trees, wheres, err := h.Loader.TreesOf(path, rets, nil, "return value")
	if err != nil {
		if errors.Is(err, state.ErrFactoryScript) {
			keepFactory(h, src, rets, commit)
		}
		return nil, err
	}
	if err := overLimitBuilding(h, func() string { return "loading " + path }); err != nil {
		return nil, err
	}
	commit()
	ld := &state.Load{Src: src}
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
func keepFactory(h *state.State, src *state.Source, rets []lua.LValue, commit func()) {
	f, err := loader.FactoryOf(src.Path, rets)
	if err != nil {
		return
	}
	commit()
	h.Factories[src] = f
}

// ranBefore reports whether a LoadFile or a Spawn ran the script src
// already.
func ranBefore(h *state.State, src *state.Source) bool {
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
