package host

import (
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"strings"

	"github.com/btlua/btlua/lua/btailib"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/goaplib"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
	luar "layeh.com/gopher-luar"
)

// Options configure a Host.
type Options struct {
	// Stdout receives the scripts' print and BTLog output; nil means
	// os.Stdout.
	Stdout io.Writer
	// Logger receives everything the host reports on its own: each reload
	// that Watch triggers (Info, the ReloadReport's line, with the
	// attributes file and took), each such reload that failed (Error,
	// with file and err), the watcher's errors (Error, with err), and
	// errors raised by OnEnd while a tree is halted (Warn, with tree and
	// err). Errors of calls (LoadFile, Tick, Reload) are returned, not
	// logged. Nil discards them: the library never writes to stderr.
	Logger *slog.Logger
	// SearchPath lists extra folders for require, searched before the
	// script's own folder.
	SearchPath []string
	// FS, when set, is where every Lua file is read from: the paths given
	// to LoadFile, Spawn and Reload, and the files require, dofile and
	// loadfile find, are slash-separated paths in FS ("ai/guard.lua"),
	// and SearchPath lists folders of FS. Scripts embedded with go:embed
	// load this way. Nil means the operating system's files. Watch needs
	// OS files (an fs.FS has no change events); Reload reads the file
	// from FS again.
	FS fs.FS
	// OnReload, when set, is called on the ticking goroutine after each
	// reload that Watch triggers: with the report, or with the error of a
	// reload that failed and changed nothing.
	OnReload func(*ReloadReport, error)
	// ExecutionType is the default execution type of every tree the
	// scripts make (see bt.ExecutionType; the zero value is
	// bt.NoDuplicates, Behavior Designer's default), and MaxTaskExecutions
	// the default cap on task executions per tick under bt.Count (0 means
	// bt.DefaultMaxTaskExecutions). A script changes them per tree with
	// tree:SetExecutionType(BTExecutionType.Count, max).
	ExecutionType     bt.ExecutionType
	MaxTaskExecutions int
}

// Host is one Lua state with btlua's libraries and the trees its scripts
// returned.
type Host struct {
	state *lua.LState  // the Lua state
	lib   *btlib.Lib   // the behavior-tree library of state
	goap  *goaplib.Lib // the GOAP library (require("goap"), BTGoapAgentTask)

	stdout     io.Writer
	log        *slog.Logger
	searchPath []string
	files      files    // where Lua files are read
	agents     []*Agent // the agents of loads, in load order
	loads      []*load  // each LoadFile and Spawn call, in order
	byTree     map[*btlib.Tree]*Agent
	// factories holds the factory function of each spawned script.
	factories map[*source]*lua.LFunction
	onReload  func(*ReloadReport, error)

	sources map[string]*source // loaded Lua files by absolute path
	order   []string           // the same, in load order
	watcher Watcher
	globals Globals
	// snapHint sizes reload snapshots after the last one.
	snapHint snapHint
}

// New returns a Host with a fresh Lua state and the libraries installed.
func New(opts Options) (*Host, error) {
	h := &Host{stdout: opts.Stdout, log: opts.Logger, searchPath: opts.SearchPath,
		onReload: opts.OnReload, sources: map[string]*source{}, files: files{fsys: opts.FS},
		byTree: map[*btlib.Tree]*Agent{}, factories: map[*source]*lua.LFunction{}}
	if h.stdout == nil {
		h.stdout = os.Stdout
	}
	if h.log == nil {
		h.log = slog.New(slog.DiscardHandler)
	}
	if opts.ExecutionType > bt.Count {
		return nil, fmt.Errorf("host: ExecutionType must be bt.NoDuplicates or bt.Count, got %v", opts.ExecutionType)
	}
	if opts.MaxTaskExecutions < 0 {
		return nil, fmt.Errorf("host: MaxTaskExecutions must not be negative, got %d", opts.MaxTaskExecutions)
	}
	h.state = lua.NewState()
	h.state.SetGlobal("print", h.state.NewFunction(h.print))
	lib, err := btlib.Open(h.state, btlib.Options{Stdout: h.stdout,
		ExecutionType: opts.ExecutionType, MaxTaskExecutions: opts.MaxTaskExecutions})
	if err != nil {
		h.state.Close()
		return nil, err
	}
	if _, err := btailib.Open(lib, btailib.Options{Stdout: h.stdout}); err != nil {
		h.state.Close()
		return nil, err
	}
	if h.goap, err = goaplib.Open(h.state, lib); err != nil {
		h.state.Close()
		return nil, err
	}
	h.lib = lib
	h.globals.global = lib.Globals
	h.installTracking()
	return h, nil
}

// Close ends the runs under way (OnEnd of running tasks) and closes the
// Lua state.
func (h *Host) Close() {
	if h.watcher != nil {
		h.watcher.Close()
		h.watcher = nil
	}
	for _, a := range h.agents {
		a.Halt()
	}
	h.agents, h.loads = nil, nil
	clear(h.byTree)
	clear(h.factories)
	h.state.Close()
}

// SetGlobal binds a Go value to a Lua global through gopher-luar: structs,
// pointers, maps, slices and functions become values whose fields and
// methods scripts can use (game objects, a world, a logger).
func (h *Host) SetGlobal(name string, v any) {
	h.state.SetGlobal(name, luar.New(h.state, v))
}

// GetGlobal returns the Lua global name as a Go value: numbers as
// float64, strings, booleans, tables as []any or map[string]any, and a Go
// value bound with SetGlobal as itself (see Agent.Get for the rules); nil
// when it is not set.
func (h *Host) GetGlobal(name string) any {
	return goValue(h.state.GetGlobal(name))
}

// DoString runs a chunk of Lua code in the host's state and returns its
// return values as Go values (see GetGlobal): a console's or a test's
// way in. Errors are *luaerr.Error values naming the chunk "<string>" and
// the line. The trees a chunk returns are values like others: no agent
// ticks them (LoadFile and Spawn start agents).
func (h *Host) DoString(code string) ([]any, error) {
	L := h.state
	top := L.GetTop()
	fn, err := L.LoadString(code)
	if err == nil {
		L.Push(fn)
		err = L.PCall(0, lua.MultRet, nil)
	}
	if err != nil {
		L.SetTop(top)
		return nil, luaerr.From(luaerr.Stringify(L, err), "")
	}
	out := make([]any, 0, L.GetTop()-top)
	for i := top + 1; i <= L.GetTop(); i++ {
		out = append(out, goValue(L.Get(i)))
	}
	L.SetTop(top)
	return out, nil
}

// Globals returns the global variables (the blackboard scope every tree
// falls back to), with Go values.
func (h *Host) Globals() *Globals { return &h.globals }

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
