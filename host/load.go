package host

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// setSearchPath points require at the script's folder (and the extra
// folders of Options.SearchPath) before Lua's defaults. Patterns already
// on the path are not added again.
func (h *Host) setSearchPath(script string) {
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
// own), or an array of those. A script that returns nothing only runs.
// Errors name the file and line (a *luaerr.Error); a missing file is an
// error that wraps fs.ErrNotExist. On error nothing is added.
func (h *Host) LoadFile(path string) ([]*Agent, error) {
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
		out = append(out, &Agent{host: h, Tree: tr, Source: path})
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
