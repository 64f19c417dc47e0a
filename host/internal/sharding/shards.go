package sharding

import (
	"errors"
	"io"

	"github.com/btlua/btlua/host/internal/shards"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/stdlib/bt"
	luar "layeh.com/gopher-luar"
)

// This file holds the sharded host (Options.Shards >= 1). gopher-lua
// states are single-threaded, so a sharded host spreads its agents over
// shards: each shard is a state (state.go: a Lua state with the
// libraries, its scripts' classes, budget, memory limit, sandbox and
// reloads) under the one facade the embedder holds, with the same API:
//
//   - LoadFile and Spawn go to the shards round-robin, in call order: the
//     n-th load that succeeds (from 0) is in shard n mod Shards, so the
//     assignment is deterministic. Each shard runs a script the first
//     time it loads it (its top-level code, its classes); a file is
//     compiled once and its prototype shared by the states (see protos).
//   - Tick ticks the shards in parallel, shard 0 on the caller's
//     goroutine and each other shard on a worker goroutine of its own
//     (started by the first frame, stopped by Close; host/internal/shards), and
//     returns once all have finished the frame (shard_tick.go). Agents returns
//     every shard's agents in load order, as an unsharded host would.
//   - The global variables (Globals, bt.GetGlobalVariable) are one
//     blackboard: during a tick a script reads the value the variable
//     had when the frame started and its writes apply at the frame
//     boundary, in agent order (host/internal/shards/globals.go), so results do not
//     depend on the shard count: 1 shard is a sharded host too, with the
//     same machinery as 2 or 4 (Options.Shards 0 is the classic host).
//   - print and BTLog output written during a tick is held per shard and
//     written after the join, in agent order (host/internal/shards); Tick's
//     errors come in agent order too, and Close runs the OnEnds in agent
//     order. Each agent's error stops it alone, under its shard's CPU
//     budget and error policy.
//   - Reload, Watch and ApplyReloads reach every shard that loaded the
//     file, atomically: a reload refused in one shard changes nothing in
//     any (shard_reload.go).
//
// What is per state: Lua globals (plain _G entries, the classes' tables,
// module state) are each shard's own, so scripts must not use them to
// share state between agents; SetGlobal and DoString run in every shard.
// math.random is gopher-lua's, on Go's global math/rand source, shared by
// all shards: with shards, its sequence is drawn in a nondeterministic
// order, so a deterministic game seeds its own generator per agent (or
// uses a Go value given through Spawn's args). Agent observers
// (SetObserver) and an agent's OnChange are called on its shard's
// goroutine during a tick, concurrently with other shards. The event
// stream (Subscribe) hears a sharded host as it hears the classic one:
// the events of a frame come after the join, in agent order
// (event_frame.go).
// The memory limit (Options.MemoryLimit) is the process's heap; the
// runtime counts allocations per process, so the blame is measured one
// shard at a time: when the heap is over the limit after a frame, the
// next frame ticks the shards one after the other, measuring each agent,
// and the sharded engine stops the agent that allocated most (heaptick.go);
// the agent blamed is the same for any shard count. Mid-tick, each
// shard's watchdog stops its own long stretch once the heap is over
// about twice the limit and grew while it ran, whatever the other shards
// run (a runaway, or several at once; see heapWatch.over in host/internal/budget).

// Engine is the engine of a sharded host: its shards, driven by the
// shards package's engine (placement, crew, frames, joins, the global
// variables' logical blackboard); it lives on the ticking goroutine.
type Engine struct {
	// common is what the shards share with the host (its Runtime's),
	// stdout the host's output, where each frame's prints go after the
	// join, ticking set while the host is inside Tick.
	common  *state.Shared
	stdout  io.Writer
	ticking *bool
	shards  []*state.State
	frames  []*shardFrame // each shard's side of the frame, by shard index
	eng     *shards.Engine[*state.Agent, *state.Load]
}

// Open makes the opts.Shards shards of a sharded host from its
// options: each shares common, the frames' prints go to stdout after the
// join, ticking is the host's mark of a Tick under way, onChange hears the
// global variables' changes (Globals.OnChange). On error it returns the
// engine with the shards opened so far, for the host's Close.
func Open(common *state.Shared, opts state.Options, stdout io.Writer, ticking *bool, onChange func(name string, old, new any)) (*Engine, error) {
	n := opts.Shards
	sh := &Engine{common: common, stdout: stdout, ticking: ticking}
	var protos *vm.Protos
	ports := make([]shards.Shard[*state.Agent, *state.Load], 0, n)
	frames := make([]*shards.Frame[*state.Agent], 0, n)
	for i := 0; i < n; i++ {
		f := &shardFrame{Frame: &shards.Frame[*state.Agent]{Out: stdout}}
		so := opts
		so.Stdout, so.OnReload = f, nil
		s, err := state.Open(common, so, f, protos)
		if err != nil {
			return sh, err
		}
		protos = s.VM.Protos // one compiled chunk per file for every shard
		s.Part, f.shard = f, s
		sh.frames = append(sh.frames, f)
		sh.shards = append(sh.shards, s)
		ports = append(ports, shardPort{s})
		frames = append(frames, f.Frame)
	}
	sh.eng = shards.New(ports, frames, shards.Config[*state.Agent, *state.Load]{
		AgentsOf: func(ld *state.Load) []*state.Agent { return ld.Agents },
		Strict:   strictIn,
		OnChange: onChange,
	})
	if w := common.HeapTicks; w != nil {
		w.SetSharded() // one memory check for all, set before any stretch runs
	}
	return sh, nil
}

// Shard is shard i's state.
func (sh *Engine) Shard(i int) *state.State { return sh.shards[i] }

// Board is the global variables' logical blackboard.
func (sh *Engine) Board() *bt.Blackboard { return sh.eng.Globals.Board() }

// Crew is the worker crew (nil while the shards tick on the calling
// goroutine).
func (sh *Engine) Crew() *shards.Crew { return sh.eng.Crew() }

// strictIn finds a *StrictError in err: its agent and itself, or nil, nil.
func strictIn(err error) (*state.Agent, error) {
	var se *state.StrictError
	if errors.As(err, &se) {
		return se.Agent, se
	}
	return nil, nil
}

// loadShard is LoadFile on a sharded host.
func (sh *Engine) loadShard(path string) ([]*state.Agent, error) {
	if err := sh.refuseTicking("LoadFile"); err != nil {
		return nil, err
	}
	return sh.eng.Load(path)
}

// spawnShard is Spawn on a sharded host.
func (sh *Engine) spawnShard(path string, args any) (*state.Agent, error) {
	if err := sh.refuseTicking("Spawn"); err != nil {
		return nil, err
	}
	return sh.eng.Spawn(path, args)
}

// Placed lists a shard's new load and its agents after the others.
func (sh *Engine) Placed(ld *state.Load) { sh.eng.Place(ld) }

// closeShards is Close of a sharded host: the agents' OnEnds run in agent
// order (their output in that order, as unsharded), then every shard
// closes its state.
func (sh *Engine) closeShards() error {
	return sh.eng.Close(func(a *state.Agent) error { return a.State.CloseAgent(a) })
}

// setGlobalShards is SetGlobal of a sharded host: every shard's state
// gets the value, a Go map, slice or array as a Lua table of its own.
func (sh *Engine) setGlobalShards(name string, v any) {
	table := shards.GoTable(v) // one Go map written by shards in parallel would be fatal
	for _, s := range sh.shards {
		L := s.VM.L
		if table {
			L.SetGlobal(name, vm.LuaValue(L, v))
			continue
		}
		L.SetGlobal(name, luar.New(L, v))
	}
}
