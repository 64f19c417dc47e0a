package host

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// setSearchPath points require at the script's folder (and the extra
// folders of Options.SearchPath) before Lua's defaults. Patterns already
// on the path are not added again.
func (h *Host) setSearchPath(script string) {
	h.addRoot(filepath.Dir(script))
	pkg, ok := h.L.GetGlobal("package").(*lua.LTable)
	if !ok {
		return
	}
	have := strings.Split(lua.LVAsString(pkg.RawGetString("path")), ";")
	var add []string
	for _, d := range append(append([]string{}, h.searchPath...), filepath.Dir(script)) {
		for _, p := range []string{filepath.Join(d, "?.lua"), filepath.Join(d, "?", "init.lua")} {
			if !slices.Contains(have, p) && !slices.Contains(add, p) {
				add = append(add, p)
			}
		}
	}
	if len(add) > 0 {
		pkg.RawSetString("path", lua.LString(strings.Join(append(add, have...), ";")))
	}
}

// LoadFile runs the script at path and starts an agent for each tree it
// returns: a BTBehaviorTree, a task (ticked as the root of a tree of its
// own), or an array of those. A script that returns nothing only runs (and
// LoadFile returns no agents). A tree returned twice, or one that an agent
// ticks already, is an error: it would be ticked twice per frame.
// Errors name the file and line (a *luaerr.Error); a missing file is an
// error that wraps fs.ErrNotExist. On error nothing is added. The script
// runs under the CPU budget; LoadFile called from a script is refused.
func (h *Host) LoadFile(path string) ([]*Agent, error) {
	h.refuseInScript("LoadFile")
	defer h.stretch("loading "+path, nil)()
	if _, err := os.Stat(path); err != nil {
		return nil, err
	}
	h.setSearchPath(path)
	src := h.track(path, scriptSource, "")
	fn, err := loadFile(h.L, path)
	if err != nil {
		return nil, luaerr.From(err, "")
	}
	top := h.L.GetTop()
	h.L.Push(h.L.NewFunction(func(*lua.LState) int { return h.runRecording(src, fn) }))
	if err := h.L.PCall(0, lua.MultRet, nil); err != nil {
		return nil, inFile(luaerr.From(luaerr.Stringify(h.L, err), ""), path)
	}
	var rets []lua.LValue
	for i := top + 1; i <= h.L.GetTop(); i++ {
		rets = append(rets, h.L.Get(i))
	}
	h.L.SetTop(top)
	agents, err := h.agentsOf(path, rets)
	if err != nil {
		return nil, err
	}
	for _, a := range agents { // agentsOf left out this script's agents
		if old := h.agentOf(a.Tree, ""); old != nil {
			return nil, &luaerr.Error{File: path, Msg: tickedAlready(a.where, a.Tree, old.Source)}
		}
	}
	h.agents = append(h.agents, agents...)
	return agents, nil
}

// agentsOf turns a script's return values into agents.
func (h *Host) agentsOf(path string, rets []lua.LValue) ([]*Agent, error) {
	var out []*Agent
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
		tr, err := h.BT.TreeOf(v)
		if err == nil && tr.Root() == nil {
			err = btlib.ErrNoStartTask
		}
		if err != nil {
			return &luaerr.Error{File: path, Msg: fmt.Sprintf("%s: %v", where, err)}
		}
		for _, a := range out {
			if a.Tree == tr {
				return &luaerr.Error{File: path, Msg: fmt.Sprintf("%s: the behavior tree %s is %s already; %s", where, treeName(tr), a.where, oneAgent)}
			}
		}
		if old := h.agentOf(tr, path); old != nil {
			return &luaerr.Error{File: path, Msg: tickedAlready(where, tr, old.Source)}
		}
		out = append(out, &Agent{host: h, Tree: tr, Source: path, where: where})
		return nil
	}
	for i, v := range rets {
		if err := add(v, fmt.Sprintf("return value %d", i+1)); err != nil {
			return nil, err
		}
	}
	return out, nil
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
// script skip (whose trees a reload replaces), or nil.
func (h *Host) agentOf(tr *btlib.Tree, skip string) *Agent {
	for _, a := range h.agents {
		if a.Tree == tr && (skip == "" || a.Source != skip) {
			return a
		}
	}
	return nil
}

// tickedAlready is the message for a return value whose tree an agent of
// the script source ticks already.
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
