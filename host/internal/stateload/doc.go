// Package stateload is a LoadFile or a Spawn in one Lua state (a
// state.State of host/internal/state): the script run by the state's
// loader (once per state for a factory, whose function the state keeps),
// its trees checked, the agents made (state.State.NewAgent) and kept with
// their load, and the memory limit's check after the build, which fails a
// load or spawn during which the heap crossed the limit. A reload's
// spawns (host/internal/statereload) call its factory through SpawnTree.
// It is handed the state and never imports the engine or the facade.
package stateload
