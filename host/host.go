package host

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/btlua/btlua/lua/btailib"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/goaplib"
	"github.com/btlua/btlua/stdlib/bt"
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
	// script work: one agent's tick, loading a script, reloading a file,
	// one agent's OnEnds at Close. A script over it is stopped with the
	// Lua error "file:line: CPU budget of 20ms exceeded (tick of agent
	// ...)" within 1.25 budgets; in a tick, the agent is stopped (its
	// tree's error) and the others tick on. 0 means no budget. See
	// budget.go for the cost (BENCHMARKS.md).
	Budget time.Duration
	// Sandbox restricts the scripts to what untrusted code (mods) may
	// use: no files, processes or environment, require inside the script
	// folders only, library tables and the string metatable read-only.
	// See sandbox.go and README's "Running untrusted scripts".
	Sandbox bool
	// MaxStringSize caps, in bytes, the strings that string.rep,
	// string.gsub and table.concat build in one Go call; over it the call
	// raises a Lua error (the .. operator is bounded by MemoryLimit only). 0 means
	// DefaultMaxStringSize (64 MiB); negative, no cap.
	MaxStringSize int64
	// MemoryLimit is the heap size in bytes (Go's heap objects, after a
	// collection) over which the script running is stopped with the Lua
	// error "memory limit of 512 MiB exceeded (tick of agent ...)", when
	// the heap grew during its stretch; checked by the budget's watchdog
	// every quarter budget (every 10 ms without a budget). 0 means none.
	MemoryLimit uint64
	// ErrorPolicy is what the host does with an agent whose tick raised
	// an error: stop it (the zero value), restart it after a back-off, or
	// end the tick with the error (see policy.go). Agent.SetErrorPolicy
	// overrides it per agent.
	ErrorPolicy ErrorPolicy
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
	agents         []*Agent // the agents of loads, in load order
	loads          []*load  // each LoadFile call, in order
	onReload       func(*ReloadReport, error)

	budget         *budget // nil without Options.Budget
	policy         ErrorPolicy
	heapTicks      *heapTicks // nil without Options.MemoryLimit
	clock          float64    // tick time: the sum of Tick's dt, seconds
	inScript       int        // stretches of script work under way (stretch.go)
	ticking        bool       // inside Tick
	closeAfterTick bool       // Close was called during Tick
	sandboxed      bool       // Options.Sandbox
	roots          []string   // the sandbox's script folders, absolute

	sources map[string]*source // loaded Lua files by absolute path
	order   []string           // the same, in load order
	watcher *watcher
	closed  bool // Close has run
	// snapHint sizes reload snapshots after the last one.
	snapHint snapHint

	// events is the event stream (see Subscribe), gate the tick gate
	// (SetTickGate), ticks the ticks made.
	events *hub
	gate   func() bool
	ticks  uint64
}

// New returns a Host with a fresh Lua state and the libraries installed.
func New(opts Options) (*Host, error) {
	var err error
	h := &Host{stdout: opts.Stdout, stderr: opts.Stderr, searchPath: opts.SearchPath,
		onReload: opts.OnReload, sources: map[string]*source{}}
	if h.stdout == nil {
		h.stdout = os.Stdout
	}
	if h.stderr == nil {
		h.stderr = os.Stderr
	}
	if opts.ExecutionType > bt.Count {
		return nil, fmt.Errorf("host: ExecutionType must be bt.NoDuplicates or bt.Count, got %v", opts.ExecutionType)
	}
	if opts.MaxTaskExecutions < 0 {
		return nil, fmt.Errorf("host: MaxTaskExecutions must not be negative, got %d", opts.MaxTaskExecutions)
	}
	if err := checkPolicy(opts.ErrorPolicy); err != nil {
		return nil, err
	}
	h.policy = opts.ErrorPolicy
	h.heapTicks = newHeapTicks(opts.MemoryLimit)
	if h.budget, err = newBudget(opts.Budget, opts.MemoryLimit); err != nil {
		return nil, err
	}
	h.L = newState()
	h.L.SetGlobal("print", h.L.NewFunction(h.print))
	lib, err := btlib.Open(h.L, btlib.Options{Stdout: h.stdout,
		ExecutionType: opts.ExecutionType, MaxTaskExecutions: opts.MaxTaskExecutions, Classes: opts.Classes})
	if err != nil {
		h.L.Close()
		return nil, err
	}
	if _, err := btailib.Open(lib, btailib.Options{Stdout: h.stdout, Globals: opts.BTAIGlobals}); err != nil {
		h.L.Close()
		return nil, err
	}
	if h.GOAP, err = goaplib.Open(h.L, lib); err != nil {
		h.L.Close()
		return nil, err
	}
	h.BT = lib
	h.installTracking()
	h.shareBudget()
	h.limitStrings(opts.MaxStringSize)
	if opts.Sandbox {
		h.sandboxed = true
		for _, d := range opts.SearchPath {
			h.addRoot(d)
		}
		h.sandbox()
	}
	return h, nil
}

// Close ends the runs under way (OnEnd of running tasks) and closes the
// Lua state.
//
// Called from a script the host is running (a leaf given the host), it
// raises a Lua error there and closes nothing; called during Tick by Go
// code (an OnReload callback), it closes the host when Tick returns. Each
// agent's OnEnds run under the CPU budget as one stretch. Closing a
// closed host does nothing.
func (h *Host) Close() {
	if h.closed || h.refuse("Close") != nil {
		h.closeAfterTick = !h.closed
		return
	}
	h.closed = true
	if h.watcher != nil {
		h.watcher.close()
		h.watcher = nil
	}
	for _, a := range h.agents {
		h.closeAgent(a)
	}
	h.agents = nil
	if h.budget != nil {
		h.budget.stop()
	}
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
