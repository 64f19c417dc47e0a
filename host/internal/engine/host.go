package engine

import (
	"fmt"
	"io"
	"log/slog"
	"os"

	"github.com/btlua/btlua/host/internal/single"

	"github.com/btlua/btlua/host/internal/budget"
	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/scope"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/stdlib/bt"
)

// MaxShards is host.MaxShards.
const MaxShards = 256

// Runtime is the engine side of a host.Host: what the states share
// (shared.go), the facade's own state (output, watcher, tick gate, the
// guard) and one engine (engine.go), single or sharding, which owns the
// Lua state or states and the agents.
type Runtime struct {
	// Shared is what the facade shares with its states (state/shared.go):
	// logger, clock, error policy, memory check, event stream, closed.
	state.Shared

	stdout   io.Writer // Options.Stdout, guarded (host/internal/budget/output.go)
	onReload func(*state.ReloadReport, error)
	files    *vm.Files // how paths are read and keyed (the first state's)

	ticking        bool // inside Tick
	closeAfterTick bool // Close was called during Tick

	watcher  state.Watcher
	globals  scope.Globals // the global variables, as Globals gives them
	closeErr error         // what Close returned

	// gate is the tick gate (SetTickGate), ticks the ticks made.
	gate  func() bool
	ticks uint64

	// profiles are the profilers of the last StartProfile, one per Lua
	// state (profile.go); nil before.
	profiles []*bt.Profiler
	// eng runs the agents (engine.go): *single.Engine (Shards 0) or *sharding.Engine.
	eng engine
	// guard is the goroutine inside the host (guard.go).
	guard state.EntryGuard
}

// New returns a Host with a fresh Lua state (Options.Shards of them) and
// the libraries installed.
func New(opts state.Options) (*Runtime, error) {
	h := &Runtime{stdout: opts.Stdout, onReload: opts.OnReload}
	h.Log, h.Linted = opts.Logger, &loader.LintLog{}
	if h.stdout == nil {
		h.stdout = os.Stdout
	}
	if h.Log == nil {
		h.Log = slog.New(slog.DiscardHandler)
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
	if err := state.CheckPolicy(opts.ErrorPolicy); err != nil {
		return nil, err
	}
	if err := h.openSchedule(opts); err != nil {
		return nil, err
	}
	h.Policy = opts.ErrorPolicy
	if h.HeapTicks = budget.NewHeap(opts.MemoryLimit); h.HeapTicks != nil {
		h.Threads = &vm.Threads{}
	}
	if opts.Budget < 0 {
		// budget.New's refusal, before any state opens
		if _, err := budget.New(opts.Budget, nil); err != nil {
			return nil, err
		}
	}
	h.stdout = budget.GuardOutput(h.stdout, opts.Budget, h.Log)
	if opts.Shards == 0 {
		s, err := state.Open(&h.Shared, opts, h.stdout, nil)
		if err != nil {
			return nil, err
		}
		e := single.New(s)
		h.eng, h.Roster, h.files = e, e, &s.VM.Files
		h.globals.Init(globalScope{h, s.VM.Lib.Globals})
		h.Board = s.VM.Lib.Globals
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
	if err := h.TryUse("Close"); err != nil {
		return err
	}
	defer h.Leave()

	if h.IsClosed || h.refuse("Close") != nil {
		h.closeAfterTick = !h.IsClosed
		return h.closeErr
	}
	h.IsClosed = true
	if h.watcher != nil {
		h.watcher.Close()
		h.watcher = nil
	}
	h.closeErr = h.eng.CloseAll()
	if g, ok := h.stdout.(*budget.OutputGuard); ok {
		g.Close() // after the OnEnds' output
	}
	return h.closeErr
}

// SetGlobal is host.Host.SetGlobal.
func (h *Runtime) SetGlobal(name string, v any) {
	defer h.use("SetGlobal").Leave()

	if h.RefuseClosed("SetGlobal") != nil {
		return
	}
	h.eng.SetGlobal(name, v)
}

// GetGlobal is host.Host.GetGlobal.
func (h *Runtime) GetGlobal(name string) any {
	defer h.use("GetGlobal").Leave()

	if h.RefuseClosed("GetGlobal") != nil {
		return nil
	}
	return vm.GoValue(h.eng.States()[0].VM.L.GetGlobal(name))
}

// DoString is host.Host.DoString.
func (h *Runtime) DoString(code string) ([]any, error) {
	if err := h.TryUse("DoString"); err != nil {
		return nil, err
	}
	defer h.Leave()

	if err := h.RefuseClosed("DoString"); err != nil {
		return nil, err
	}
	return h.eng.DoString(code)
}

// Globals is host.Host.Globals.
func (h *Runtime) Globals() *scope.Globals {
	defer h.use("Globals").Leave()
	return &h.globals
}
