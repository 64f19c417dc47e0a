package host

import "github.com/btlua/btlua/host/internal/state"

// Agents returns the running and finished agents: those LoadFile started
// and those a reload started (a script that returns more trees), in the
// order of the loads; trees a reload removed are no longer listed.
func (h *Host) Agents() []*Agent {
	cs := h.core().Agents()
	if len(h.agents) == len(cs) && sameAgents(h.agents, cs) {
		return h.agents
	}
	h.agents = pubs(cs)
	return h.agents
}

// sameAgents reports whether as are the public agents of cs, in order.
func sameAgents(as []*Agent, cs []*state.Agent) bool {
	for i, c := range cs {
		if as[i].c != c {
			return false
		}
	}
	return true
}

// Tick ticks every running agent once with delta time dt, the seconds
// elapsed since the previous tick. dt must be finite and not negative: 0
// is a tick that advances no time (timers such as BTWait do not move); a
// NaN, infinite or negative dt, or one whose sum with the clock is not
// finite (Clock would become +Inf), is refused with an error naming it,
// and nothing changes (no tick counted, clock kept). After Close, Tick returns
// an error saying the host is closed (see host/internal/state/closed.go). An
// agent whose script raises an error is stopped; the others go on. The
// errors of this tick come back joined (nil when none). The error policy
// (Options.ErrorPolicy) may restart a stopped agent after a back-off, or
// end the tick at the first error (a *StrictError).
//
// Each agent's tick runs under the CPU budget (Options.Budget). The
// agents tick in one protected call (btlib.Lib.TickBatch), an error
// stopping only its agent. Tick called from inside a tick is refused (see
// host/internal/engine/reentry.go), and so is Tick from another goroutine while one is inside
// the host (ErrConcurrentUse, host/internal/engine/guard.go).
// A gate (SetTickGate) may skip the tick; listeners of the event stream
// (Subscribe) hear everything it does. A sharded host (Options.Shards >= 1)
// ticks its shards in parallel and returns after all of them (see
// tickShards). With Options.FrameBudget or an agent's tick interval
// (Agent.SetTickInterval), only the agents the frame schedule picks tick,
// each with its own dt (host/internal/engine/frame_budget.go).
func (h *Host) Tick(dt float64) error {
	return strict(h.core().Tick(dt))
}

// Done reports whether no agent is running any more (all completed or
// stopped by an error, and none waiting for a restart).
func (h *Host) Done() bool {
	return h.core().Done()
}

// Failed returns the agents stopped by an error.
func (h *Host) Failed() []*Agent {
	return pubs(h.core().Failed())
}

// LoadFile runs the script at path and starts an agent for each tree it
// returns: a BTBehaviorTree, a task (ticked as the root of a tree of its
// own), or an array of those. A script that returns nothing only runs.
// Errors name the file and line (a *luaerr.Error); a missing file is an
// error that wraps fs.ErrNotExist; with Options.MemoryLimit, a load after
// which the heap is over the limit (after a collection) and grew fails
// with "memory limit of ... exceeded (the heap grew over it, to ...,
// while loading path)" (host/internal/stateload/heapbuild.go). On error nothing is added, but for a
// script that returns a factory function (the error wraps
// ErrFactoryScript): its run is kept, and a Spawn of it that follows calls
// that factory without running the script again.
//
// A script may be loaded many times (one agent per NPC): each call is a
// load of its own, with its own trees, which a reload keeps or rebuilds
// load by load. The second and later runs of a script are staged like a
// reload's (see Reload), so that the classes the script defines stay one
// set of tables: a class it assigns again is merged into the existing one
// in place, and every agent's tasks share it, so a reload's new methods
// reach them all.
//
// The script runs under the CPU budget; LoadFile called from a script the
// host is running is refused with a Lua error there.
// After Close it returns an error wrapping ErrClosed.
func (h *Host) LoadFile(path string) ([]*Agent, error) {
	as, err := h.core().LoadFile(path)
	return pubs(as), err
}

// ErrFactoryScript is wrapped by LoadFile's error for a script that returns
// a function: a factory, which Spawn starts (errors.Is(err,
// ErrFactoryScript)).
var ErrFactoryScript = state.ErrFactoryScript

// Spawn starts one agent from a script that returns a factory function,
// calling the factory with args; many agents come from one script, each
// with its own arguments:
//
//	-- ai/npc.lua
//	Walker = BTAction:New()   -- classes: defined once, shared by every agent
//	...
//	return function(args)
//	    local tree = BTBehaviorTree:New()
//	    tree.name = args.name
//	    tree:SetStartTask(Walker:New(args.speed))
//	    return tree
//	end
//
//	guard, err := h.Spawn("ai/npc.lua", map[string]any{"name": "guard", "speed": 1.5})
//
// The script runs once, at the first Spawn of its path (later Spawns call
// the factory it returned), so its classes are one set of tables that
// every agent's tasks share. args reaches the factory as a Lua value:
// maps and slices become Lua tables (made anew for each call), numbers,
// strings and booleans Lua's, and structs, pointers and functions are
// bound through gopher-luar, so the script uses their fields and methods
// (see SetGlobal). The factory returns one tree: a BTBehaviorTree or a
// task (ticked as the root of a tree of its own), which is not ticked by
// another agent.
//
// A reload of the script runs it once and takes the factory it returns;
// the new factory is then called once per spawned agent, with the agent's
// own args, and each agent's tree is kept or rebuilt as in Reload: the
// same structure keeps the running tree and its state (class-level
// reload), another structure halts the old tree and runs the new one,
// with the blackboard carried across. A reload whose script no longer
// returns a function, or whose factory fails for any agent, changes
// nothing.
//
// Errors name the file and line (a *luaerr.Error): the script's or the
// factory's, a script that does not return a function, or a factory that
// does not return exactly one tree (at the line where the factory
// function is defined). A missing file is an error that wraps
// fs.ErrNotExist. With Options.MemoryLimit, a Spawn after which the heap
// is over the limit (after a collection) and grew fails with "memory
// limit of ... exceeded (the heap grew over it, to ..., while spawning
// agent ...)" (host/internal/stateload/heapbuild.go). On error no agent is added.
//
// The script and the factory run under the CPU budget (Options.Budget) as
// one stretch; Spawn called from a script the host is running is refused
// with a Lua error there.
// After Close it returns an error wrapping ErrClosed.
func (h *Host) Spawn(path string, args any) (*Agent, error) {
	ea, err := h.core().Spawn(path, args)
	return pub(ea), err
}

// ExpectAgents tells the host that the next n calls of Spawn or LoadFile
// make one group of agents, such as the crowd of a level. A sharded host
// (Options.Shards >= 1) places them in runs of ceil(n / shards)
// consecutive calls, the first run on shard 0, so that the agents of a
// shard lie together in memory; without it, each call goes to the next
// shard in turn, which spreads small groups as well but interleaves large
// ones. A call that fails is not counted. On the classic host (Shards 0)
// it does nothing. Call it between ticks; n <= 0 cancels what is left of
// an earlier announcement.
// After Close it does nothing.
func (h *Host) ExpectAgents(n int) {
	h.core().ExpectAgents(n)
}

// Shards returns Options.Shards: the number of Lua states a sharded host
// ticks its agents in, or 0 for the classic unsharded host (one state,
// global writes seen at once).
func (h *Host) Shards() int {
	return h.core().Shards()
}

// ShardOf returns the index (from 0) of the shard that ticks agent a: 0
// on the classic unsharded host, -1 for nil or an agent of another host.
func (h *Host) ShardOf(a *Agent) int {
	return h.core().ShardOf(a.core())
}
