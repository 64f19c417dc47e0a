// Package hostsave is a host's save and restore across all its Lua
// states: SnapshotAll (every agent in order, the global variables, the
// clock, the BTAI generators), Restore and RestoreAll (the loads started
// again by LoadFile or Spawn, on a sharded host in their saved shards,
// their saves applied, the global variables checked by a dry pass first,
// the OnLoad hooks run, everything undone on an error) and the chunk
// locals' baseline (ChunkLocals). One state's side of it is package
// host/internal/statesave's, the save's format package
// host/internal/savefile's. It is handed the host's Runtime through a
// narrow interface (Runtime: the guard, the refusals, the clock, the
// host's LoadFile and Spawn, the engine's lists) and never imports the
// engine or the facade.
package hostsave
