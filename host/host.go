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
	// Logger receives everything the host reports on its own: each reload
	// that Watch triggers (Info, the ReloadReport's line, with the
	// attributes file and took), each such reload that failed (Error,
	// with file and err), the watcher's errors (Error, with err), errors
	// raised by OnEnd while a tree is halted (Warn, with tree and err), a
	// BTGoapAgentTask that fails because no goal can be planned and whose
	// provider has no PlanFailed method (Warn, with tree, task and err;
	// once per goal and reason until a plan is found; see host/internal/state/goap_warn.go),
	// and, when a tree is built, the BTAI trees that cannot end (Warn,
	// with file; once per host; see host/internal/loader/lint.go). Errors of calls
	// (LoadFile, Tick, Reload) are returned, not logged. Nil discards them: the library never writes to stderr. With
	// Shards >= 2 the shards' goroutines log too, concurrently (slog's
	// handlers are safe for that).
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
	// Classes are the program's own Go task classes, defined in the Lua
	// state next to the built-in ones (see btlib.Class); nil for none.
	Classes *btlib.Registry
	// BTAIGlobals binds the BTAI builder to the globals BT and BTState,
	// as the seed's BT.Root() scripts expect (btlua does); scripts always
	// reach it with require("btai").
	BTAIGlobals bool
	// Budget is the CPU budget (wall-clock time) of each stretch of
	// script work: one agent's tick, loading a script, a Spawn (the
	// script's first run and the factory call), reloading a file, one
	// agent's OnEnds at Close or Halt. A script over it is stopped with the
	// Lua error "file:line: CPU budget of 20ms exceeded (tick of agent
	// ...)" within 1.25 budgets (plus the delay of a late timer and the
	// end of the Go call running then, see README); in a tick, the agent
	// is stopped (its tree's error) and the others tick on. Output to a
	// pipe, socket or terminal waits at most a budget per write, then is
	// dropped with a note in the log until it drains (host/internal/budget/output.go).
	// 0 means no budget. See package host/internal/budget for the cost
	// (BENCHMARKS.md).
	Budget time.Duration
	// Sandbox restricts the scripts to what untrusted code (mods) may
	// use: no files, processes or environment, require inside the script
	// folders only (saying nothing of files outside), library tables (the
	// standard libraries, the BT* classes, the bt, goap and btai modules)
	// and the string metatable read-only.
	// See docs/untrusted-scripts.md.
	Sandbox bool
	// MaxStringSize caps, in bytes, the strings that string.rep,
	// string.gsub, string.format, table.concat and the .. operator build;
	// over it they raise a Lua error before building it ("string
	// concatenation: the result would be 128 MiB, over the maximum string
	// size of 64 MiB"). 0 means DefaultMaxStringSize (64 MiB); negative,
	// no cap.
	MaxStringSize int64
	// MaxChunkSize caps, in bytes, the source of a chunk a script
	// compiles while it runs (loadstring, load): gopher-lua's compiler is
	// Go code that no CPU budget can stop, and source nested a million
	// levels deep takes it seconds and gigabytes. Over the cap the call
	// returns nil and "chunk of 1 MiB, over the maximum chunk size of
	// 262144 bytes", as for a syntax error. The host's own loads (LoadFile,
	// Spawn, require) are not capped. 0 means DefaultMaxChunkSize (256
	// KiB); negative, no cap.
	MaxChunkSize int64
	// MemoryLimit is the heap size in bytes (Go's heap objects, after a
	// collection) over which the script running is stopped with the Lua
	// error "memory limit of 512 MiB exceeded (tick of agent ...)", when
	// the heap grew during its stretch; checked by the budget's watchdog
	// every quarter budget (every 10 ms without a budget), and after each
	// Tick, where growth over short ticks stops the agent that allocated
	// most in the next tick (host/internal/state/heaptick.go), unless the growth is noise
	// (64 KiB or less) or that agent allocated less than half of it
	// (growth spread over many agents blames none). A Spawn or LoadFile
	// after which the heap is over the limit and grew fails with "memory
	// limit of ... exceeded (the heap grew over it, to ..., while
	// spawning agent ...)" and adds no agent (host/internal/stateload/heapbuild.go), so no tick
	// is blamed for what the build made. An agent stopped for memory
	// keeps its heap, which then no longer counts: the limit applies from
	// the heap after the stop, with the headroom New found (MemoryLimit
	// minus the live heap then; New collects garbage once to read it).
	// With Shards >= 1 it is the process's heap too; the tick that
	// measures each agent runs the shards one after the other, so the
	// agent blamed does not depend on the shard count, and each shard's
	// watchdog stops its own stretch once the heap is over the limit plus
	// that headroom (about twice the limit) and grew while it ran,
	// whatever the other shards run: ticks that run away, one or several
	// at once. It may also stop a long stretch (10 ms or more) of
	// another agent that was running while the heap exploded. The
	// coroutines the scripts keep alive may take half of it, at 38 KiB
	// each (internal/vm/threads_memory.go). 0 means none.
	MemoryLimit uint64
	// ErrorPolicy is what the host does with an agent whose tick raised
	// an error: stop it (the zero value), restart it after a back-off, or
	// end the tick with the error (see policy.go). Agent.SetErrorPolicy
	// overrides it per agent.
	ErrorPolicy ErrorPolicy
	// Shards is the number of Lua states the agents are spread over,
	// ticked in parallel, one goroutine each, and joined every Tick (see
	// host/internal/sharding/shards.go for what globals, reloads, print output and errors mean
	// then). 0, the zero value, is the classic unsharded host: one state
	// ticked on the calling goroutine, where a global variable a script
	// writes is read at once by the agents ticked after it (Behavior
	// Designer's semantics), with the event stream (Subscribe). 1 and
	// more is the sharded host, whose global variables apply at the frame
	// boundary (host/internal/shards/globals.go), so that 1, 2 or N shards give the same
	// results; gopher-lua states are single-threaded, so more shards use
	// more cores (btlua --agents uses one per core). Each shard is a Lua
	// state made by New, loaded or not, so a host given more shards than
	// it will have loads (LoadFile and Spawn calls) pays for idle states:
	// give at most that many (btlua caps --shards to --agents). A global
	// variable holding a table is held Shards times as a Lua table (a
	// copy in each state) and once as Go values (the host's logical
	// blackboard, which opens no Lua state; see host/internal/shards/globals.go and
	// README, "Agents on every core", for figures). New refuses a count below 0 or above
	// MaxShards.
	Shards int
	// FrameBudget is the time a Tick gives the agents' ticks (0: none):
	// the due agents tick round-robin from where the last frame stopped
	// until their estimated costs fill it, and the rest tick in the next
	// frames, each with its own delta time (see host/internal/engine/frame_budget.go and
	// Agent.SetTickInterval). New refuses a negative budget.
	FrameBudget time.Duration
}

// MaxShards is the largest Options.Shards New accepts. Each shard is a
// Lua state of about 0.7 MiB with btlua's libraries, opened by New, and
// its own goroutine; more shards than cores gain no speed (a shard's
// agents are ticked on one goroutine), so a count above the cores of any
// machine is a mistake (100000 shards took 24 GB) and New refuses it.
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

// Close ends the runs under way (OnEnd of running tasks) and closes the
// Lua state.
//
// Called from a script the host is running (a leaf given the host), it
// raises a Lua error there and closes nothing; called during Tick by Go
// code (an OnReload callback), it closes the host when Tick returns;
// called from another goroutine while Tick (or another call) runs, it
// closes nothing and returns an error wrapping ErrConcurrentUse, on the
// classic and the sharded host alike (host/internal/engine/guard.go). Each
// agent's OnEnds run under the CPU budget as one stretch. Closing a
// closed host does nothing. It returns the errors of the OnEnds that
// failed (each also logged), the same on every call.
func (h *Host) Close() error {
	return h.core().Close()
}

// SetGlobal binds a Go value to a Lua global through gopher-luar: structs,
// pointers, maps, slices and functions become values whose fields and
// methods scripts can use (game objects, a world, a logger). A sharded
// host (Options.Shards >= 1) binds it in every shard's state: the same Go
// value, used by the shards' scripts in parallel, so it must be safe for
// concurrent use; a Go map, slice or array is instead copied into each
// shard as a Lua table of its own (vm.LuaValue), as Spawn's args are, since
// the shards would write one Go map concurrently (a fatal error).
// After Close it does nothing.
func (h *Host) SetGlobal(name string, v any) {
	h.core().SetGlobal(name, v)
}

// GetGlobal returns the Lua global name as a Go value: numbers as
// float64, strings, booleans, tables as []any or map[string]any, and a Go
// value bound with SetGlobal as itself (see Agent.Get for the rules); nil
// when it is not set. A sharded host reads shard 0's state.
// After Close it returns nil.
func (h *Host) GetGlobal(name string) any {
	return h.core().GetGlobal(name)
}

// DoString runs a chunk of Lua code in the host's state and returns its
// return values as Go values (see GetGlobal): a console's or a test's
// way in. Errors are *luaerr.Error values naming the chunk "<string>" and
// the line. The trees a chunk returns are values like others: no agent
// ticks them (LoadFile and Spawn start agents). A sharded host runs the
// chunk in every shard's state in turn and returns shard 0's values.
// After Close it returns an error wrapping ErrClosed.
func (h *Host) DoString(code string) ([]any, error) {
	return h.core().DoString(code)
}

// Globals returns the global variables (the blackboard scope every tree
// falls back to), with Go values.
func (h *Host) Globals() *Globals {
	h.core().Globals() // the guard
	return &h.globals
}
