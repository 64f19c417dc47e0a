// Package sharding is the sharded host's engine (Options.Shards >= 1):
// N Lua states of package host/internal/state, each a shard, driven by
// the generic engine of host/internal/shards (placement, worker crew,
// frames and their joins, the global variables' logical blackboard). It
// owns the sharded side of every engine call the Runtime makes (package
// host/internal/engine): loads and spawns placed round-robin, the frame
// ticked in parallel and joined (prints, global writes, errors and held
// events in agent order, the memory check), reloads applied in every
// shard or none, the shards' watcher, SetGlobal and Close. It knows no
// Runtime and no facade: what the host's states share it reads through
// state.Shared.
package sharding
