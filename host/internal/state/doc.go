// Package state is one Lua state of a host and what runs in it: the VM
// with btlua's libraries, the loads (LoadFile and Spawn calls, which
// package host/internal/stateload makes) and their agents, the files it ran, its CPU budget and stretches of script work,
// its agents' tick (the batch of one frame, the frame schedule's turns,
// the error policy's restarts, the memory checks, the event stream's
// hooks) and what of the agents' API the tick and the layers over it
// call (running, error, name, error policy, restart); the facade's other
// calls on an agent are package host/internal/agentctl's. A State is the
// classic host's whole engine (host/internal/single) and each shard of a
// sharded host (host/internal/sharding); a reload applied to it is package
// host/internal/statereload's, its side of a save package
// host/internal/statesave's, its agents' variables package
// host/internal/scope's. What every state of a host shares (logger,
// clock, error policy, memory check, frame planner, event hook) it reads
// through Shared, which the host's Runtime (host/internal/engine) holds;
// it reaches the host's other agents through Shared.Roster only, and
// never imports the engine or the facade.
package state
