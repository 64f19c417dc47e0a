// Package shards is the engine of a sharded host (Options.Shards >= 1):
// it drives N shards, each a Lua state with its agents, through the
// Shard interface it declares (load, spawn, tick with dt, own, run a
// chunk, close), which the host's state implements. It owns what is
// joined across shards: where the next load goes (ExpectAgents' runs, or
// round-robin), every agent in load order and its rank, the worker crew
// that ticks shards 1 to n-1 in parallel with shard 0 (spin, then sleep),
// each shard's frame (print output and global-variable writes held
// during a tick), and the join after it: prints, global writes and
// errors in agent order, panics raised again on the caller. It holds the
// global variables as Go values in the core's blackboard, with no Lua
// state of its own, mirrored in every shard, and checks after each frame
// that no shard changed a table lent to it. A change run in every shard
// as one, kept by all or undone in all (a reload), is Transact. It knows
// no host: agents and loads are comparable references (A, L), and the
// policy (which error is strict, the memory check, the event stream, what
// a reload does in a shard) stays with the caller.
package shards
