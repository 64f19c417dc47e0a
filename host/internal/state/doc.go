// Package state is one Lua state of a host and what runs in it: the VM
// with btlua's libraries, the loads (LoadFile and Spawn calls) and their
// agents, the files it ran, its CPU budget and stretches of script work,
// its agents' tick (the batch of one frame, the error policy's restarts,
// the memory checks), its side of a reload (snapshot, staged run, merge,
// the trees' plan applied) and of a save, and the agents' variables and
// the Globals seen from Go. A State is the classic host's whole engine
// and each shard of a sharded host; what every state of a host shares
// (logger, clock, error policy, memory check, frame planner, event hook)
// it reads through Shared, which the host's Runtime (package
// host/internal/engine) holds. It never imports the engine or the facade:
// it reaches the host's other agents through Shared.Roster, and the
// Globals' host through GlobalHost.
package state
