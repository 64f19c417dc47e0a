package state

import (
	"io"

	"github.com/btlua/btlua/host/internal/budget"
	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/host/internal/sources"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/lua/btlib"
	lua "github.com/yuin/gopher-lua"
)

// State is one Lua state and what it owns: the VM with btlua's libraries,
// the loads and agents made in it, the files it ran, its CPU budget and
// its stretches of script work. It is the classic host's engine (single)
// and each shard of a sharded host (sharding). What every state of a host
// shares (logger, clock, error policy, memory check, event hook) it reads
// through Shared (shared.go), which the engine holds; it never reaches the
// Host itself, and the host's other agents only through Shared.Roster. Its
// agents point to it. Its own methods are TickAgents, DoString, Stretch
// and Close; a LoadFile or Spawn in it is package
// host/internal/stateload's, and running its files and checking the trees
// they return its loader's (host/internal/loader).
type State struct {
	Shared *Shared // what the host's states share (shared.go), the facade's

	VM *vm.VM // the Lua state, its libraries, limits and sandbox, its files
	// Loader runs the state's files and checks their trees, recording
	// them in the state's sources (stateFiles).
	Loader *loader.Loader
	stdout io.Writer // where the scripts print: the host's output, or the shard's frame

	Agents []*Agent // the agents of loads, in load order
	Loads  []*Load  // each LoadFile and Spawn call, in order
	ByTree map[*btlib.Tree]*Agent
	// Factories holds the factory function of each spawned script.
	Factories map[*Source]*lua.LFunction

	Sources *sources.Set // the Lua files it loaded (host/internal/sources)
	// Watcher is where the state's files are watched: the host's
	// Watcher, or a shard's proxy of it (shard_reload.go); nil unwatched.
	Watcher Watcher
	// SnapHint sizes reload snapshots after the last one.
	SnapHint reload.Hint

	// Budget is the CPU budget of the state's stretches (nil without
	// Options.Budget and MemoryLimit), InScript the stretches under way
	// (stretch.go).
	Budget   *budget.Budget
	InScript int
	// batch is the agents' part of the Tick under way (tick.go).
	batch agentBatch
	// Turns are the state's agents of a scheduled frame (frame_budget.go).
	Turns frameTurns
	// Part is the role the state plays (state_part.go): the whole
	// classic host, or a shard's side of a sharded frame.
	Part Part
	// Guard is the goroutine using the state: the facade's, or during a
	// sharded frame the shard's worker (guard.go).
	Guard EntryGuard
}

// Open opens a Lua state sharing sh with the host's other states,
// with the options opts, printing to stdout; protos, when not nil, is
// the compiled-chunk cache it shares with the other shards.
func Open(sh *Shared, opts Options, stdout io.Writer, protos *vm.Protos) (*State, error) {
	s := &State{Shared: sh, Part: wholeHost{}, stdout: stdout, Sources: sources.New(),
		ByTree: map[*btlib.Tree]*Agent{}, Factories: map[*Source]*lua.LFunction{}}
	var err error
	if s.Budget, err = budget.New(opts.Budget, sh.HeapTicks); err != nil {
		return nil, err
	}
	vo := vm.Options{Stdout: stdout, FS: opts.FS, Budget: s.Budget, Threads: sh.Threads,
		Bt:          btlib.Options{ExecutionType: opts.ExecutionType, MaxTaskExecutions: opts.MaxTaskExecutions, Classes: opts.Classes},
		BTAIGlobals: opts.BTAIGlobals, MaxStringSize: maxStringSize(opts.MaxStringSize), MaxChunkSize: opts.MaxChunkSize, Sandbox: opts.Sandbox, SearchPath: opts.SearchPath,
		Protos:  protos,
		Install: func(v *vm.VM) { s.VM = v; s.Loader = loader.New(v, stateFiles{s}, stateFiles{s}); s.Loader.Install() }}
	if sh.HeapTicks != nil {
		vo.MemoryLimit = sh.HeapTicks.Limit()
	}
	if s.VM, err = vm.Open(vo); err != nil {
		if s.Budget != nil {
			s.Budget.Stop()
		}
		return nil, err
	}
	return s, nil
}

// Close ends the state: the budget's watchdog and the Lua state (its
// agents were closed before).
func (s *State) Close() {
	s.Agents, s.Loads = nil, nil
	clear(s.ByTree)
	clear(s.Factories)
	if s.Budget != nil {
		s.Budget.Stop()
	}
	s.VM.Close()
}
