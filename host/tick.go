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
// since the previous tick. A NaN, infinite or negative dt, or one that
// would make Clock infinite, is refused with an error naming it, and
// nothing changes; after Close the error says the host is closed. An
// agent whose script raises an error is stopped, the others go on; the
// tick's errors come back joined (nil when none), or, under FailTick, as
// a *StrictError. Each agent's tick runs under the CPU budget. See
// docs/embedding.md, Ticking.
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
// returns: a BTBehaviorTree, a task, or an array of those. Errors name
// the file and line (a *luaerr.Error); a missing file wraps
// fs.ErrNotExist; over Options.MemoryLimit it fails with "memory limit
// of ... exceeded (the heap grew over it, to ..., while loading path)".
// On error nothing is added, but a script that returns a factory (the
// error wraps ErrFactoryScript) is kept for Spawn. After Close: an error
// wrapping ErrClosed. See docs/embedding.md, Loading and spawning.
func (h *Host) LoadFile(path string) ([]*Agent, error) {
	as, err := h.core().LoadFile(path)
	return pubs(as), err
}

// ErrFactoryScript is wrapped by LoadFile's error for a script that returns
// a function: a factory, which Spawn starts (errors.Is(err,
// ErrFactoryScript)).
var ErrFactoryScript = state.ErrFactoryScript

// Spawn starts one agent from a script that returns a factory function,
// calling the factory with args (maps and slices become Lua tables,
// structs, pointers and functions are bound through gopher-luar); the
// factory returns one tree. The script runs once, at the first Spawn of
// its path. Errors name the file and line (a *luaerr.Error); a missing
// file wraps fs.ErrNotExist; over Options.MemoryLimit it fails with
// "memory limit of ... exceeded (the heap grew over it, to ..., while
// spawning agent ...)". On error no agent is added. After Close: an error
// wrapping ErrClosed. See docs/embedding.md, Loading and spawning.
func (h *Host) Spawn(path string, args any) (*Agent, error) {
	ea, err := h.core().Spawn(path, args)
	return pub(ea), err
}

// ExpectAgents tells the host that the next n calls of Spawn or LoadFile
// make one group of agents, which a sharded host places in runs of
// ceil(n / shards) calls per shard; n <= 0 cancels it. The classic host,
// and a closed one, ignore it. Call it between ticks. See
// docs/agents-on-every-core.md, Placing the agents.
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
