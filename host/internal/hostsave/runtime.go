package hostsave

import (
	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/host/internal/state"
)

// Runtime is what a save and a restore ask of the host's engine side (the
// Runtime of host/internal/engine, which hands itself in).
type Runtime interface {
	// TryUse lets op in through the host's goroutine guard (every state
	// entered) or returns the refusal; Leave ends a call it let in.
	TryUse(op string) error
	Leave()
	// RefuseClosed returns the refusal of op after Close, else nil;
	// RefuseInScript raises the Lua error of op called from a script the
	// host is running; Ticking reports a call from inside Tick.
	RefuseClosed(op string) error
	RefuseInScript(op string)
	Ticking() bool
	// Shared is what the host's states share (clock, error policy, ...).
	Shared() *state.Shared
	// LoadFile and Spawn are the host's, with its checks: a restore
	// starts its agents with them.
	LoadFile(path string) ([]*state.Agent, error)
	Spawn(path string, args any) (*state.Agent, error)
	// Engine is the host's engine.
	Engine() Engine
	// Ticks is the count of ticks made; SetClock sets it and the tick
	// time (seconds).
	Ticks() uint64
	SetClock(ticks uint64, time float64)
}

// Engine is the host's engine as a save and a restore read it: the
// classic host's (host/internal/single) or the sharded one
// (host/internal/sharding, a Placer too).
type Engine interface {
	// States are the Lua states in shard order; ShardCount is
	// Options.Shards (0 on the classic host).
	States() []*state.State
	ShardCount() int
	// AllLoads is every load in call order.
	AllLoads() []*state.Load
	// Unlist removes a, which a restore made and its own state has
	// already dropped, from the host's lists.
	Unlist(a *state.Agent)
	// RestoredGlobals is told the global variables a restore set in
	// every state.
	RestoredGlobals(vars []savefile.Var)
}

// Placer is a sharded engine, where a restore of a save made on as many
// shards puts each load in its saved shard.
type Placer interface {
	// Shard is the state of shard i; Placed records ld, made in it
	// directly, as placed there.
	Shard(i int) *state.State
	Placed(ld *state.Load)
}
