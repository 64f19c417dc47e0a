package engine

import (
	"errors"
	"slices"

	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/persist/values"
	"github.com/btlua/btlua/lua/btlib"
	lua "github.com/yuin/gopher-lua"
)

// LoadFile is host.Host.LoadFile.
func (h *Runtime) LoadFile(path string) ([]*Agent, error) {
	if err := h.tryUse("LoadFile"); err != nil {
		return nil, err
	}
	defer h.done()

	if err := h.refuseClosed("LoadFile"); err != nil {
		return nil, err
	}
	return h.eng.loadFile(path)
}

// ErrFactoryScript is wrapped by LoadFile's error for a script that returns
// a function: a factory, which Spawn starts (errors.Is(err,
// ErrFactoryScript)).
var ErrFactoryScript = loader.ErrFactoryScript

// loadFile is LoadFile in the state: the state's loader runs the script
// and checks its trees; the state keeps the load and its agents.
func (h *state) loadFile(path string) ([]*Agent, error) {
	h.refuseInScript("LoadFile")
	defer h.stretch("loading "+path, nil)()
	rec, fn, err := h.loader.Open(path)
	if err != nil {
		return nil, err
	}
	src := rec.(*source)
	rets, commit, err := h.loader.Run(src.Path, src, fn, h.ranBefore(src))
	if err != nil {
		return nil, err
	}
	trees, wheres, err := h.loader.TreesOf(path, rets, nil, "return value")
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
	ld := &load{src: src}
	for i, tr := range trees {
		ld.agents = append(ld.agents, h.newAgent(tr, ld, wheres[i]))
	}
	h.loads = append(h.loads, ld)
	h.agents = append(h.agents, ld.agents...)
	return slices.Clone(ld.agents), nil
}

// keepFactory keeps the factory function a script LoadFile ran returned
// (its first return value), with the run, so that a Spawn of the script
// that follows calls it without running the script again: its top level
// runs once per Lua state, as when Spawn ran it first.
func (h *state) keepFactory(src *source, rets []lua.LValue, commit func()) {
	f, err := loader.FactoryOf(src.Path, rets)
	if err != nil {
		return
	}
	commit()
	h.factories[src] = f
}

// ranBefore reports whether a LoadFile or a Spawn ran the script src
// already.
func (h *state) ranBefore(src *source) bool {
	if h.factories[src] != nil {
		return true
	}
	for _, ld := range h.loads {
		if ld.src == src {
			return true
		}
	}
	return false
}

// newAgent returns an agent of the load ld ticking tr, the script's
// return value where (for errors; "" for a tree a reload started), and
// logs what the BTAI lint finds in its tree (loader.Lint).
func (h *state) newAgent(tr *btlib.Tree, ld *load, where string) *Agent {
	a := &Agent{host: h, tree: tr, Source: ld.src.Path, load: ld, where: where, built: values.BuiltFunctions(tr)}
	a.variables.agent = a
	h.byTree[tr] = a
	loader.Lint(tr.Root(), a.Source, h.sh.linted, h.sh.log)
	return a
}
