package host

import (
	"io"
	"io/fs"
	"log/slog"
	"time"

	"github.com/btlua/btlua/host/internal/engine"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
)

// Options configure a Host.
type Options struct {
	// Stdout receives the scripts' print and BTLog output; nil means
	// os.Stdout.
	Stdout io.Writer
	// Logger receives what the host reports on its own (reloads that Watch
	// triggers and their failures, watcher errors, OnEnd errors while
	// halting, GOAP plan failures, BTAI trees that cannot end); errors of
	// calls are returned, not logged. Nil discards them: the library never
	// writes to stderr. See docs/embedding.md, Reports.
	Logger *slog.Logger
	// SearchPath lists extra folders for require, searched before the
	// script's own folder.
	SearchPath []string
	// FS, when set, is where every Lua file is read from (LoadFile, Spawn,
	// Reload, require, dofile, loadfile; slash-separated paths, SearchPath
	// folders of FS), such as go:embed scripts. Nil means the OS's files.
	// Watch needs OS files. See docs/embedding.md.
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
	// Classes are the program's own Go task classes, defined in the Lua
	// state next to the built-in ones (see btlib.Class); nil for none.
	Classes *btlib.Registry
	// BTAIGlobals binds the BTAI builder to the globals BT and BTState,
	// as the seed's BT.Root() scripts expect (btlua does); scripts always
	// reach it with require("btai").
	BTAIGlobals bool
	// Budget is the CPU budget (wall-clock time) of each stretch of script
	// work (an agent's tick, a load, a Spawn, a reload, an agent's OnEnds
	// at Close or Halt): a script over it is stopped with the Lua error
	// "file:line: CPU budget of 20ms exceeded (task T; tick of agent
	// ...)". 0 means none. See docs/untrusted-scripts.md, Budget.
	Budget time.Duration
	// Sandbox restricts the scripts to what untrusted code (mods) may use:
	// no files, processes or environment, require inside the script
	// folders only, library tables read-only. See docs/untrusted-scripts.md.
	Sandbox bool
	// MaxStringSize caps, in bytes, the strings string.rep, string.gsub,
	// string.format, table.concat and .. build ("... over the maximum
	// string size of 64 MiB"). 0 means DefaultMaxStringSize; negative, no
	// cap. See docs/untrusted-scripts.md, Memory.
	MaxStringSize int64
	// MaxChunkSize caps, in bytes, the source loadstring and load compile
	// while scripts run: over it they return nil and "chunk of 1 MiB, over
	// the maximum chunk size of 262144 bytes". LoadFile, Spawn and require
	// are not capped. 0 means DefaultMaxChunkSize; negative, no cap. See
	// docs/untrusted-scripts.md, Compiling at run time.
	MaxChunkSize int64
	// MemoryLimit is the heap size in bytes (after a collection) over which
	// the running script is stopped with the Lua error "memory limit of 512
	// MiB exceeded (task T; tick of agent ...)"; a LoadFile or Spawn that
	// leaves the heap over it fails ("... while spawning agent ...") and
	// adds no agent. 0 means none. See docs/untrusted-scripts.md, Memory.
	MemoryLimit uint64
	// ErrorPolicy is what the host does with an agent whose tick raised an
	// error: stop it (the zero value), restart it after a back-off, or end
	// the tick with the error. Agent.SetErrorPolicy overrides it per agent.
	ErrorPolicy ErrorPolicy
	// Shards is the number of Lua states the agents are spread over,
	// ticked in parallel and joined every Tick. 0, the zero value, is the
	// classic unsharded host (one state, global writes read at once); 1 and
	// more apply global writes at the frame boundary, so any count gives the
	// same results. New refuses a count below 0 or above MaxShards. See
	// docs/agents-on-every-core.md.
	Shards int
	// FrameBudget is the time a Tick gives the agents' ticks (0: none): the
	// due agents tick round-robin until their estimated costs fill it, the
	// rest in the next frames. New refuses a negative budget. See
	// docs/agents-on-every-core.md, Tick rates and a frame budget.
	FrameBudget time.Duration
}

// MaxShards is the largest Options.Shards New accepts (each shard is a
// Lua state of about 0.7 MiB and a goroutine). See
// docs/agents-on-every-core.md.
const MaxShards = engine.MaxShards

// Host is btlua embedded in a Go program: the facade the embedder holds,
// its public API, over the host's engine side (host/internal/engine),
// which owns the Lua state or states and the agents.
type Host struct {
	rt      *engine.Runtime
	globals Globals // the global variables, as Globals gives them
	// agents is the last list Agents gave, kept while the engine's list
	// holds the same agents (Agents is called every frame).
	agents []*Agent
}

// New returns a Host with a fresh Lua state (Options.Shards of them) and
// the libraries installed.
func New(opts Options) (*Host, error) {
	rt, err := engine.New(state.Options(opts))
	if err != nil {
		return nil, err
	}
	h := &Host{rt: rt}
	h.globals.g = rt.Globals()
	return h, nil
}

// core is the host's engine side; nil for a nil or zero Host, which
// its methods refuse (ErrNotMade).
func (h *Host) core() *engine.Runtime {
	if h == nil {
		return nil
	}
	return h.rt
}

// Close ends the runs under way (OnEnd of running tasks, each agent's
// under the CPU budget) and closes the Lua state. It returns the errors
// of the OnEnds that failed (each also logged), the same on every call.
// From a script it raises a Lua error; from another goroutine during a
// call, an error wrapping ErrConcurrentUse. See docs/embedding.md, Goroutines.
func (h *Host) Close() error {
	return h.core().Close()
}

// SetGlobal binds a Go value to a Lua global through gopher-luar (structs,
// pointers, maps, slices, functions). A sharded host binds it in every
// shard, so it must be safe for concurrent use; a Go map, slice or array
// is copied into each shard as a Lua table. After Close it does nothing.
func (h *Host) SetGlobal(name string, v any) {
	h.core().SetGlobal(name, v)
}

// GetGlobal returns the Lua global name as a Go value (see Agent.Get), or
// nil when it is not set or after Close. A sharded host reads shard 0.
func (h *Host) GetGlobal(name string) any {
	return h.core().GetGlobal(name)
}

// DoString runs a chunk of Lua code and returns its values as Go values
// (see GetGlobal); errors are *luaerr.Error values naming "<string>". No
// agent ticks the trees it returns. A sharded host runs it in every shard
// and returns shard 0's values. After Close: an error wrapping ErrClosed.
func (h *Host) DoString(code string) ([]any, error) {
	return h.core().DoString(code)
}

// Globals returns the global variables (the blackboard scope every tree
// falls back to), with Go values.
func (h *Host) Globals() *Globals {
	h.core().Globals() // the guard
	return &h.globals
}
