package engine

import (
	"io"

	"github.com/btlua/btlua/host/internal/budget"
	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/sources"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/lua/btlib"
	lua "github.com/yuin/gopher-lua"
)

// state is one Lua state and what it owns: the VM with btlua's libraries,
// the loads and agents made in it, the files it ran, its CPU budget and
// its stretches of script work. It is the classic host's engine (single)
// and each shard of a sharded host (sharding). What every state of a host
// shares (logger, clock, error policy, memory check, event hook) it reads
// through sh (shared.go), which the facade holds; it never reaches the
// Host itself, and the host's other agents only through sh.roster. Its
// agents point to it. Its own methods are loadFile, spawnAgent,
// tickAgents, doString, stretch and close. Running its files and checking
// the trees they return is its loader's (host/internal/loader).
type state struct {
	sh *shared // what the host's states share (shared.go), the facade's

	vm *vm.VM // the Lua state, its libraries, limits and sandbox, its files
	// loader runs the state's files and checks their trees, recording
	// them in the state's sources (stateFiles).
	loader *loader.Loader
	stdout io.Writer // where the scripts print: the host's output, or the shard's frame

	agents []*Agent // the agents of loads, in load order
	loads  []*load  // each LoadFile and Spawn call, in order
	byTree map[*btlib.Tree]*Agent
	// factories holds the factory function of each spawned script.
	factories map[*source]*lua.LFunction

	sources *sources.Set // the Lua files it loaded (host/internal/sources)
	// watcher is where the state's files are watched: the host's
	// Watcher, or a shard's proxy of it (shard_reload.go); nil unwatched.
	watcher Watcher
	// snapHint sizes reload snapshots after the last one.
	snapHint snapHint

	// budget is the CPU budget of the state's stretches (nil without
	// Options.Budget and MemoryLimit), inScript the stretches under way
	// (stretch.go).
	budget   *budget.Budget
	inScript int
	// batch is the agents' part of the Tick under way (tick.go).
	batch agentBatch
	// turns are the state's agents of a scheduled frame (frame_budget.go).
	turns frameTurns
	// part is the role the state plays (state_part.go): the whole
	// classic host, or a shard's side of a sharded frame.
	part statePart
	// guard is the goroutine using the state: the facade's, or during a
	// sharded frame the shard's worker (guard.go).
	guard entryGuard
}

// openState opens a Lua state of h with the options opts, printing to
// stdout; protos, when not nil, is the compiled-chunk cache it shares
// with the other shards.
func (h *Runtime) openState(opts Options, stdout io.Writer, protos *vm.Protos) (*state, error) {
	s := &state{sh: &h.shared, part: wholeHost{}, stdout: stdout, sources: sources.New(),
		byTree: map[*btlib.Tree]*Agent{}, factories: map[*source]*lua.LFunction{}}
	var err error
	if s.budget, err = budget.New(opts.Budget, h.heapTicks); err != nil {
		return nil, err
	}
	vo := vm.Options{Stdout: stdout, FS: opts.FS, Budget: s.budget, Threads: h.threads,
		Bt:          btlib.Options{ExecutionType: opts.ExecutionType, MaxTaskExecutions: opts.MaxTaskExecutions, Classes: opts.Classes},
		BTAIGlobals: opts.BTAIGlobals, MaxStringSize: maxStringSize(opts.MaxStringSize), MaxChunkSize: opts.MaxChunkSize, Sandbox: opts.Sandbox, SearchPath: opts.SearchPath,
		Protos:  protos,
		Install: func(v *vm.VM) { s.vm = v; s.loader = loader.New(v, stateFiles{s}, stateFiles{s}); s.loader.Install() }}
	if h.heapTicks != nil {
		vo.MemoryLimit = h.heapTicks.Limit()
	}
	if s.vm, err = vm.Open(vo); err != nil {
		if s.budget != nil {
			s.budget.Stop()
		}
		return nil, err
	}
	return s, nil
}

// close ends the state: the budget's watchdog and the Lua state (its
// agents were closed before).
func (s *state) close() {
	s.agents, s.loads = nil, nil
	clear(s.byTree)
	clear(s.factories)
	if s.budget != nil {
		s.budget.Stop()
	}
	s.vm.Close()
}
