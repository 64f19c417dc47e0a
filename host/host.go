package host

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/btlua/btlua/lua/btailib"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/goaplib"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
	luar "layeh.com/gopher-luar"
)

// Options configure a Host.
type Options struct {
	// Stdout receives the scripts' print and BTLog output; nil means
	// os.Stdout.
	Stdout io.Writer
	// Stderr receives the host's own messages; nil means os.Stderr.
	Stderr io.Writer
	// SearchPath lists extra folders for require, searched before the
	// script's own folder.
	SearchPath []string
	// OnReload, when set, is called on the ticking goroutine after each
	// reload that Watch triggers: with the report, or with the error of a
	// reload that failed and changed nothing.
	OnReload func(*ReloadReport, error)
}

// Host is one Lua state with btlua's libraries and the trees its scripts
// returned.
type Host struct {
	// L is the Lua state. Use it from the ticking goroutine only.
	L *lua.LState
	// BT is the behavior-tree library of L.
	BT *btlib.Lib
	// GOAP is the GOAP library of L (require("goap"), BTGoapAgentTask).
	GOAP *goaplib.Lib

	stdout, stderr io.Writer
	searchPath     []string
	agents         []*Agent
	onReload       func(*ReloadReport, error)

	sources map[string]*source // loaded Lua files by absolute path
	order   []string           // the same, in load order
	watcher *watcher
}

// New returns a Host with a fresh Lua state and the libraries installed.
func New(opts Options) (*Host, error) {
	h := &Host{stdout: opts.Stdout, stderr: opts.Stderr, searchPath: opts.SearchPath,
		onReload: opts.OnReload, sources: map[string]*source{}}
	if h.stdout == nil {
		h.stdout = os.Stdout
	}
	if h.stderr == nil {
		h.stderr = os.Stderr
	}
	h.L = lua.NewState()
	h.L.SetGlobal("print", h.L.NewFunction(h.print))
	lib, err := btlib.Open(h.L, btlib.Options{Stdout: h.stdout})
	if err != nil {
		h.L.Close()
		return nil, err
	}
	if _, err := btailib.Open(lib, btailib.Options{Stdout: h.stdout}); err != nil {
		h.L.Close()
		return nil, err
	}
	if h.GOAP, err = goaplib.Open(h.L, lib); err != nil {
		h.L.Close()
		return nil, err
	}
	h.BT = lib
	h.installTracking()
	return h, nil
}

// Close ends the runs under way (OnEnd of running tasks) and closes the
// Lua state.
func (h *Host) Close() {
	if h.watcher != nil {
		h.watcher.close()
		h.watcher = nil
	}
	for _, a := range h.agents {
		a.halt()
	}
	h.agents = nil
	h.L.Close()
}

// Stderr returns the writer for the host's own messages.
func (h *Host) Stderr() io.Writer { return h.stderr }

// SetGlobal binds a Go value to a Lua global through gopher-luar: structs,
// pointers, maps, slices and functions become values whose fields and
// methods scripts can use (game objects, a world, a logger).
func (h *Host) SetGlobal(name string, v any) {
	h.L.SetGlobal(name, luar.New(h.L, v))
}

// print is Lua's print writing to the host's stdout.
func (h *Host) print(L *lua.LState) int {
	top := L.GetTop()
	var b strings.Builder
	for i := 1; i <= top; i++ {
		if i > 1 {
			b.WriteByte('\t')
		}
		b.WriteString(L.ToStringMeta(L.Get(i)).String())
	}
	b.WriteByte('\n')
	io.WriteString(h.stdout, b.String())
	return 0
}

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
		return nil, luaerr.From(err, "")
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

// Agents returns the agents started by LoadFile, finished ones included.
func (h *Host) Agents() []*Agent { return h.agents }

// Tick ticks every running agent once with delta time dt (seconds). An
// agent whose script raises an error is stopped; the others go on. The
// errors of this tick come back joined (nil when none).
func (h *Host) Tick(dt float64) error {
	h.ApplyReloads()
	var errs []error
	for _, a := range h.agents {
		if err := a.tick(dt); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Done reports whether no agent is running any more (all completed or
// stopped by an error).
func (h *Host) Done() bool {
	for _, a := range h.agents {
		if a.Running() {
			return false
		}
	}
	return true
}

// Failed returns the agents stopped by an error.
func (h *Host) Failed() []*Agent {
	var out []*Agent
	for _, a := range h.agents {
		if a.Err() != nil {
			out = append(out, a)
		}
	}
	return out
}
