package host

import (
	"errors"
	"fmt"
	"slices"

	"github.com/btlua/btlua/host/internal/vm"
	lua "github.com/yuin/gopher-lua"
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
//     (started by the first frame, stopped by Close; shard_crew.go), and
//     returns once all have finished the frame (shard_tick.go). Agents returns
//     every shard's agents in load order, as an unsharded host would.
//   - The global variables (Globals, bt.GetGlobalVariable) are one
//     blackboard: during a tick a script reads the value the variable
//     had when the frame started and its writes apply at the frame
//     boundary, in agent order (globals_frame.go), so results do not
//     depend on the shard count: 1 shard is a sharded host too, with the
//     same machinery as 2 or 4 (Options.Shards 0 is the classic host).
//   - print and BTLog output written during a tick is held per shard and
//     written after the join, in agent order (shard_out.go); Tick's
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

// sharding is the engine of a sharded host: its shards and their
// bookkeeping; it lives on the ticking goroutine.
type sharding struct {
	host   *Host // the facade
	shards []*state
	frames []*shardFrame  // each shard's side of the frame, by shard index
	agents []*Agent       // every shard's agents, in load order (Agents)
	next   int            // the shard of the next LoadFile or Spawn outside a crowd
	crowd  crowd          // the agents ExpectAgents announced
	rank   map[*Agent]int // each agent's index in agents
	loads  []*load        // every load, in call order
	errs   []error        // each shard's tick error, reused
	panics []any          // a shard goroutine's panic, re-raised by Tick
	crew   *shardCrew     // the workers of shards 1 to n-1, from the first parallel frame
	// globals is the logical blackboard of the global variables, which
	// Globals reads and writes and every shard mirrors (globals_frame.go).
	globals *globalBoard
	// spreading is set while a global variable is written into every
	// shard (the shards' hooks then stay quiet).
	spreading bool
	// lent lists the global variables that hold a table, in the order
	// they got it; open is checkLentTables' set, reused
	// (globals_lent.go).
	lent []string
	open map[*lua.LTable]bool
}

// openShards makes the n shards of a sharded host h from its options.
func (h *Host) openShards(opts Options) error {
	n := opts.Shards
	sh := &sharding{host: h, rank: map[*Agent]int{}, errs: make([]error, n), panics: make([]any, n),
		open: map[*lua.LTable]bool{}}
	sh.globals = newGlobalBoard()
	h.eng = sh
	var protos *vm.Protos
	for i := 0; i < n; i++ {
		f := &shardFrame{sh: sh, out: h.stdout}
		so := opts
		so.Stdout, so.OnReload = f, nil
		s, err := h.openState(so, f, protos)
		if err != nil {
			return err
		}
		protos = s.vm.Protos // one compiled chunk per file for every shard
		s.part, f.shard = f, s
		sh.frames = append(sh.frames, f)
		s.vm.Lib.Globals.OnSet(f.heard)
		sh.shards = append(sh.shards, s)
	}
	h.files = &sh.shards[0].vm.Files
	if w := h.heapTicks; w != nil {
		w.SetSharded() // one memory check for all, set before any stretch runs
	}
	h.globals.host, h.globals.global = h, sh.globals.board()
	sh.hearGlobals()
	return nil
}

// Shards returns Options.Shards: the number of Lua states a sharded host
// ticks its agents in, or 0 for the classic unsharded host (one state,
// global writes seen at once).
func (h *Host) Shards() int {
	defer h.use("Shards").done()
	return h.eng.shardCount()
}

// ShardOf returns the index (from 0) of the shard that ticks agent a: 0
// on the classic unsharded host, -1 for nil or an agent of another host.
func (h *Host) ShardOf(a *Agent) int {
	defer h.use("ShardOf").done()

	if !h.owns(a) {
		return -1
	}
	return slices.Index(h.eng.states(), a.host) // 0 on the classic host
}

// loadShard is LoadFile on a sharded host.
func (sh *sharding) loadShard(path string) ([]*Agent, error) {
	s, err := sh.nextShard("LoadFile")
	if err != nil {
		return nil, err
	}
	agents, err := s.loadFile(path)
	if err == nil {
		sh.advance()
		sh.placed(s.loads[len(s.loads)-1])
	}
	return agents, err
}

// spawnShard is Spawn on a sharded host.
func (sh *sharding) spawnShard(path string, args any) (*Agent, error) {
	s, err := sh.nextShard("Spawn")
	if err != nil {
		return nil, err
	}
	a, err := s.spawnAgent(path, args)
	if err == nil {
		sh.advance()
		sh.placed(a.load)
	}
	return a, err
}

// placed lists a shard's new load and its agents after the others.
func (sh *sharding) placed(ld *load) {
	sh.loads = append(sh.loads, ld)
	for _, a := range ld.agents {
		sh.rank[a] = len(sh.agents)
		sh.agents = append(sh.agents, a)
	}
}

// relistShards rebuilds the list of agents from the loads after a reload
// changed the agents of some: each load's agents in call order, then the
// loads a reload started (a script whose first load had failed), shard
// by shard.
func (sh *sharding) relistShards() {
	known := make(map[*load]bool, len(sh.loads))
	for _, ld := range sh.loads {
		known[ld] = true
	}
	for _, s := range sh.shards {
		for _, ld := range s.loads {
			if !known[ld] {
				sh.loads = append(sh.loads, ld)
			}
		}
	}
	sh.agents = nil
	clear(sh.rank)
	loads := sh.loads
	sh.loads = nil
	for _, ld := range loads {
		sh.placed(ld)
	}
}

// rankOf returns a's index in Agents, or len(Agents) for nil or an agent
// no longer listed.
func (sh *sharding) rankOf(a *Agent) int {
	if r, ok := sh.rank[a]; ok && a != nil {
		return r
	}
	return len(sh.rank)
}

// closeShards is Close of a sharded host: the agents' OnEnds run in agent
// order (their output in that order, as unsharded), then every shard
// closes its state.
func (sh *sharding) closeShards() error {
	var errs []error
	for _, a := range sh.agents {
		if err := a.host.closeAgent(a); err != nil {
			errs = append(errs, err)
		}
	}
	if sh.crew != nil {
		sh.crew.stop()
		sh.crew = nil
	}
	for _, s := range sh.shards {
		s.close()
	}
	sh.agents, sh.loads = nil, nil
	clear(sh.rank)
	if g, ok := sh.host.stdout.(*outputGuard); ok {
		g.close()
	}
	return errors.Join(errs...)
}

// setGlobalShards is SetGlobal of a sharded host: every shard's state
// gets the value, a Go map, slice or array as a Lua table of its own.
func (sh *sharding) setGlobalShards(name string, v any) {
	table := goTable(v) // one Go map written by shards in parallel would be fatal
	for _, s := range sh.shards {
		L := s.vm.L
		if table {
			L.SetGlobal(name, vm.LuaValue(L, v))
			continue
		}
		L.SetGlobal(name, luar.New(L, v))
	}
}

// doStringShards is DoString of a sharded host: the chunk runs in each
// shard in turn, and shard 0's return values come back. The first error
// stops it (the shards before kept what the chunk did).
func (sh *sharding) doStringShards(code string) ([]any, error) {
	var out []any
	for i, s := range sh.shards {
		vals, err := s.doString(code)
		if err != nil {
			return nil, fmt.Errorf("shard %d: %w", i, err)
		}
		if i == 0 {
			out = vals
		}
	}
	return out, nil
}
