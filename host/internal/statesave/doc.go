// Package statesave is one Lua state's side of a save and a restore
// (package host/internal/persist's drivers, over a state of package
// host/internal/state): an agent's Snapshot, the loads and agents of a
// state a SnapshotAll saves (with each script's hash), an agent's
// standing written and read back (its error policy's back-off and its
// tick schedule, package host/internal/standing), which global tables
// are a script's classes, and a restore's work in a state as a stretch
// of script work. The save and restore across every state of a host is
// the engine's (host/internal/engine); this package knows no engine and
// no facade.
package statesave
