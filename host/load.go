package host

import (
	"errors"
	"fmt"
	"slices"

	"github.com/btlua/btlua/host/internal/persist"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// LoadFile runs the script at path and starts an agent for each tree it
// returns: a BTBehaviorTree, a task (ticked as the root of a tree of its
// own), or an array of those. A script that returns nothing only runs.
// Errors name the file and line (a *luaerr.Error); a missing file is an
// error that wraps fs.ErrNotExist; with Options.MemoryLimit, a load after
// which the heap is over the limit (after a collection) and grew fails
// with "memory limit of ... exceeded (the heap grew over it, to ...,
// while loading path)" (heapbuild.go). On error nothing is added, but for a
// script that returns a factory function (the error wraps
// ErrFactoryScript): its run is kept, and a Spawn of it that follows calls
// that factory without running the script again.
//
// A script may be loaded many times (one agent per NPC): each call is a
// load of its own, with its own trees, which a reload keeps or rebuilds
// load by load. The second and later runs of a script are staged like a
// reload's (see stage), so that the classes the script defines stay one
// set of tables: a class it assigns again is merged into the existing one
// in place, and every agent's tasks share it, so a reload's new methods
// reach them all.
//
// The script runs under the CPU budget; LoadFile called from a script the
// host is running is refused with a Lua error there.
// After Close it returns an error wrapping ErrClosed.
func (h *Host) LoadFile(path string) ([]*Agent, error) {
	if err := h.tryUse("LoadFile"); err != nil {
		return nil, err
	}
	defer h.done()

	if err := h.refuseClosed("LoadFile"); err != nil {
		return nil, err
	}
	return h.eng.loadFile(path)
}

// loadFile is LoadFile in the state.
func (h *state) loadFile(path string) ([]*Agent, error) {
	h.refuseInScript("LoadFile")
	defer h.stretch("loading "+path, nil)()
	if _, err := h.vm.Files.Stat(path); err != nil {
		return nil, err
	}
	h.vm.AddScriptFolder(path)
	src := h.track(path, scriptSource, "")
	fn, err := h.vm.LoadFile(path)
	if err != nil {
		return nil, luaerr.From(err, "")
	}
	rets, commit, err := h.runScript(src, fn)
	if err != nil {
		return nil, err
	}
	trees, wheres, err := h.treesOf(path, rets, nil, "return value")
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
	f, err := factoryOf(src.path, rets)
	if err != nil {
		return
	}
	commit()
	h.factories[src] = f
}

// runScript runs the script src (compiled as fn) for a LoadFile or the
// first Spawn, and returns its return values and a function that commits
// the run, to call once the caller has accepted the values. The first run
// of a script is a plain run that records the classes it defines; a
// script that ran before is staged like a reload (see stage), so that its
// classes stay one set of tables: a class it assigns again is merged into
// the existing one in place when the run is committed, and dropped with
// the run otherwise. Errors name the file and line.
func (h *state) runScript(src *source, fn *lua.LFunction) ([]lua.LValue, func(), error) {
	if h.ranBefore(src) {
		st, err := h.stage(fn.Proto, nil)
		if err != nil {
			return nil, nil, inFile(luaerr.From(luaerr.Stringify(h.vm.L, err), ""), src.path)
		}
		return st.Rets, func() { h.commit(st); h.recordDefined(src, st) }, nil
	}
	top := h.vm.L.GetTop()
	h.vm.L.Push(h.vm.L.NewFunction(func(L *lua.LState) int { luaerr.WordLikePUC(L); return h.runRecording(src, fn) }))
	if err := h.vm.L.PCall(0, lua.MultRet, nil); err != nil {
		return nil, nil, inFile(luaerr.From(luaerr.Stringify(h.vm.L, err), ""), src.path)
	}
	var rets []lua.LValue
	for i := top + 1; i <= h.vm.L.GetTop(); i++ {
		rets = append(rets, h.vm.L.Get(i))
	}
	h.vm.L.SetTop(top)
	return rets, func() {}, nil
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
// return value where (for errors; "" for a tree a reload started).
func (h *state) newAgent(tr *btlib.Tree, ld *load, where string) *Agent {
	a := &Agent{host: h, tree: tr, Source: ld.src.path, load: ld, where: where, built: persist.BuiltFunctions(tr)}
	a.variables.host, a.variables.agent = h.Host, a
	h.byTree[tr] = a
	h.lintBTAI(a)
	return a
}

// treesOf turns a script's return values into trees, with the return
// value that gave each ("return value 2", "return value 1[3]"; what names
// the values, "return value" or "factory return value"). A tree
// returned twice, or ticked already by an agent of another script than
// reloading (nil for a first load: by any agent), is refused: it would
// tick twice per frame.
func (h *state) treesOf(path string, rets []lua.LValue, reloading *source, what string) ([]*btlib.Tree, []string, error) {
	var out []*btlib.Tree
	var wheres []string
	var add func(v lua.LValue, where string) error
	add = func(v lua.LValue, where string) error {
		if v == lua.LNil {
			return nil
		}
		if tbl, ok := v.(*lua.LTable); ok && tbl.Metatable == lua.LNil && tbl.Len() > 0 {
			for i := 1; i <= tbl.Len(); i++ {
				if err := add(tbl.RawGetInt(i), fmt.Sprintf("%s[%d]", where, i)); err != nil {
					return err
				}
			}
			return nil
		}
		if msg := notTreeOrTask(v, where, what); msg != "" {
			e := &luaerr.Error{File: path, Msg: msg}
			if _, ok := v.(*lua.LFunction); ok && what == "return value" {
				e.Kind = ErrFactoryScript
			}
			return e
		}
		tr, err := h.vm.Lib.TreeOf(v)
		if err == nil && tr.Root() == nil {
			err = btlib.ErrNoStartTask
		}
		if err != nil {
			return &luaerr.Error{File: path, Msg: fmt.Sprintf("%s: %v", where, err)}
		}
		if i := slices.Index(out, tr); i >= 0 {
			return &luaerr.Error{File: path, Msg: fmt.Sprintf("%s: the behavior tree %s is %s already; %s", where, treeName(tr), wheres[i], oneAgent)}
		}
		if old := h.agentOf(tr, reloading); old != nil {
			return &luaerr.Error{File: path, Msg: tickedAlready(where, tr, old.Source)}
		}
		out = append(out, tr)
		wheres = append(wheres, where)
		return nil
	}
	for i, v := range rets {
		if err := add(v, fmt.Sprintf("%s %d", what, i+1)); err != nil {
			return nil, nil, err
		}
	}
	return out, wheres, nil
}

// inFile names path as the error's file when the error itself names none
// (a value raised with error() that is not a string carries no location).
func inFile(err error, path string) error {
	if le, ok := err.(*luaerr.Error); ok && le.File == "" {
		le.File = path
	}
	return err
}

// oneAgent says why a tree may be returned once only.
const oneAgent = "a tree is ticked by one agent (returned twice it would tick twice per frame)"

// agentOf returns the agent that ticks tr, leaving out the agents of the
// script skip (whose trees a reload replaces; nil for none), or nil.
func (h *state) agentOf(tr *btlib.Tree, skip *source) *Agent {
	if a := h.byTree[tr]; a != nil && (skip == nil || a.load.src != skip) {
		return a
	}
	return nil
}

// tickedAlready is the message for a return value whose tree an agent
// ticks already.
func tickedAlready(where string, tr *btlib.Tree, source string) string {
	return fmt.Sprintf("%s: the behavior tree %s is ticked already, returned by %s; %s", where, treeName(tr), source, oneAgent)
}

// treeName names tr in errors: its name, else its start task's.
func treeName(tr *btlib.Tree) string {
	if tr.BT.Name != "" {
		return tr.BT.Name
	}
	return bt.DisplayName(tr.Root())
}
