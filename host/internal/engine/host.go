package engine

import (
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"time"

	"github.com/btlua/btlua/host/internal/budget"
	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
)

// Options is host.Options, field for field (the facade converts one to
// the other); package host documents each.
type Options struct {
	Stdout            io.Writer
	Logger            *slog.Logger
	SearchPath        []string
	FS                fs.FS
	OnReload          func(*ReloadReport, error)
	ExecutionType     bt.ExecutionType
	MaxTaskExecutions int
	Classes           *btlib.Registry
	BTAIGlobals       bool
	Budget            time.Duration
	Sandbox           bool
	MaxStringSize     int64
	MaxChunkSize      int64
	MemoryLimit       uint64
	ErrorPolicy       ErrorPolicy
	Shards            int
	FrameBudget       time.Duration
}

// MaxShards is host.MaxShards.
const MaxShards = 256

// Runtime is the engine side of a host.Host: what the states share
// (shared.go), the facade's own state (output, watcher, tick gate, the
// guard) and one engine (engine.go), single or sharding, which owns the
// Lua state or states and the agents.
type Runtime struct {
	// shared is what the facade shares with its states (shared.go):
	// logger, clock, error policy, memory check, event stream, closed.
	shared

	stdout   io.Writer // Options.Stdout, guarded (host/internal/budget/output.go)
	onReload func(*ReloadReport, error)
	files    *vm.Files // how paths are read and keyed (the first state's)

	ticking        bool // inside Tick
	closeAfterTick bool // Close was called during Tick

	watcher  Watcher
	globals  Globals // the global variables, as Globals gives them
	closeErr error   // what Close returned

	// gate is the tick gate (SetTickGate), ticks the ticks made.
	gate  func() bool
	ticks uint64

	// profiles are the profilers of the last StartProfile, one per Lua
	// state (profile.go); nil before.
	profiles []*bt.Profiler
	// eng runs the agents (engine.go): *single (Shards 0) or *sharding.
	eng engine
	// guard is the goroutine inside the host (guard.go).
	guard entryGuard
}

// New returns a Host with a fresh Lua state (Options.Shards of them) and
// the libraries installed.
func New(opts Options) (*Runtime, error) {
	h := &Runtime{stdout: opts.Stdout, onReload: opts.OnReload}
	h.log, h.linted = opts.Logger, &loader.LintLog{}
	if h.stdout == nil {
		h.stdout = os.Stdout
	}
	if h.log == nil {
		h.log = slog.New(slog.DiscardHandler)
	}
	if opts.ExecutionType > bt.Count {
		return nil, fmt.Errorf("host: ExecutionType must be bt.NoDuplicates or bt.Count, got %v", opts.ExecutionType)
	}
	if opts.Shards < 0 || opts.Shards > MaxShards {
		return nil, fmt.Errorf("host: Shards must be between 0 and %d, got %d", MaxShards, opts.Shards)
	}
	if opts.MaxTaskExecutions < 0 {
		return nil, fmt.Errorf("host: MaxTaskExecutions must not be negative, got %d", opts.MaxTaskExecutions)
	}
	if err := checkPolicy(opts.ErrorPolicy); err != nil {
		return nil, err
	}
	if err := h.openSchedule(opts); err != nil {
		return nil, err
	}
	h.policy = opts.ErrorPolicy
	if h.heapTicks = budget.NewHeap(opts.MemoryLimit); h.heapTicks != nil {
		h.threads = &vm.Threads{}
	}
	if opts.Budget < 0 {
		// budget.New's refusal, before any state opens
		if _, err := budget.New(opts.Budget, nil); err != nil {
			return nil, err
		}
	}
	h.stdout = budget.GuardOutput(h.stdout, opts.Budget, h.log)
	if opts.Shards == 0 {
		s, err := h.openState(opts, h.stdout, nil)
		if err != nil {
			return nil, err
		}
		e := &single{s: s, all: [1]*state{s}}
		h.eng, h.roster, h.files = e, e, &s.vm.Files
		h.globals.host, h.globals.global = h, s.vm.Lib.Globals
		h.board = s.vm.Lib.Globals
		return h, nil
	}
	if err := h.openShards(opts); err != nil {
		if h.eng != nil {
			h.Close()
		}
		return nil, err
	}
	return h, nil
}

// Close is host.Host.Close.
func (h *Runtime) Close() error {
	if err := h.tryUse("Close"); err != nil {
		return err
	}
	defer h.done()

	if h.closed || h.refuse("Close") != nil {
		h.closeAfterTick = !h.closed
		return h.closeErr
	}
	h.closed = true
	if h.watcher != nil {
		h.watcher.Close()
		h.watcher = nil
	}
	h.closeErr = h.eng.closeAll()
	if g, ok := h.stdout.(*budget.OutputGuard); ok {
		g.Close() // after the OnEnds' output
	}
	return h.closeErr
}

// SetGlobal is host.Host.SetGlobal.
func (h *Runtime) SetGlobal(name string, v any) {
	defer h.use("SetGlobal").done()

	if h.refuseClosed("SetGlobal") != nil {
		return
	}
	h.eng.setGlobal(name, v)
}

// GetGlobal is host.Host.GetGlobal.
func (h *Runtime) GetGlobal(name string) any {
	defer h.use("GetGlobal").done()

	if h.refuseClosed("GetGlobal") != nil {
		return nil
	}
	return vm.GoValue(h.eng.states()[0].vm.L.GetGlobal(name))
}

// DoString is host.Host.DoString.
func (h *Runtime) DoString(code string) ([]any, error) {
	if err := h.tryUse("DoString"); err != nil {
		return nil, err
	}
	defer h.done()

	if err := h.refuseClosed("DoString"); err != nil {
		return nil, err
	}
	return h.eng.doString(code)
}

// Globals is host.Host.Globals.
func (h *Runtime) Globals() *Globals {
	defer h.use("Globals").done()
	return &h.globals
}
