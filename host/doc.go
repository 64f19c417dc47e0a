// Package host embeds btlua in a Go program: a Host owns one Lua state
// with the behavior-tree library installed, loads scripts, ticks the
// trees they return with a delta time in seconds, and reports Lua errors
// as Go errors that name the script file, line and task path.
//
//	h, err := host.New(host.Options{})
//	if err != nil { ... }
//	defer h.Close()
//	h.SetGlobal("world", &World{}) // any Go value, through gopher-luar
//	if _, err := h.LoadFile("ai/guard.lua"); err != nil { ... }
//	for !h.Done() {
//		if err := h.Tick(1.0 / 60); err != nil { log.Print(err) }
//	}
//
// What a game uses (the package examples run the first three and the
// embedding above, and are tested as such):
//
//   - Scripts from disk, or from an fs.FS (Options.FS: scripts embedded
//     with go:embed); require and dofile look in the same place.
//   - Spawn: many agents from one script that returns a factory
//     function, each built from its own arguments, sharing the classes.
//   - An agent's blackboard from Go with Go values (Agent.Get, Set,
//     GetFloat, GetString, GetBool, and OnChange to hear changes); the
//     global variables through Host.Globals; Lua globals through
//     SetGlobal and GetGlobal.
//   - Observers of every task start and end (Agent.SetObserver), the tree
//     as text (Agent.Render).
//   - Hot reload: Reload on demand, or watching files with package
//     host/watch (watch.Start(h, 0)), which alone imports fsnotify.
//   - Options.Logger, a *slog.Logger, hears what the host reports on its
//     own (reloads, their failures, OnEnd errors while halting); the host
//     never writes to stderr.
//   - Scripts it does not trust: a CPU budget per stretch of script work
//     (Options.Budget, Interrupt), a sandbox (Options.Sandbox), memory
//     and string limits, and an error policy per agent (Options.ErrorPolicy,
//     Agent.SetErrorPolicy).
//   - The event stream (Subscribe, SetTickGate, SetVariable) that package
//     inspect's live inspector and recordings read.
//   - Agents on every core: Options.Shards (N >= 1) spreads the agents
//     over N Lua states ticked in parallel and joined every Tick, with the
//     same API; global variables then apply at the frame boundary, in
//     agent order, for every N, 1 included, so results do not depend on
//     the shard count (see host/internal/sharding/shards.go and host/internal/shards). Shards 0 is the
//     classic unsharded host, with immediate global writes. The event
//     stream, the inspector, recordings and the CLI's --trace work on
//     both, with the same events in the same order (host/internal/sharding/event_frame.go,
//     docs/agents-on-every-core.md).
//
// Inside, this package is the facade only: the public types and API,
// each method a hand-over to the engine side, package
// host/internal/engine, whose Runtime owns the Lua state or states, the
// agents and loads, and one engine: single, over one state (the classic
// host), or sharding, over N states ticked in parallel and joined every
// frame (through package host/internal/shards), whose global variables
// are Go values in a blackboard of their own, with no Lua state. The
// engine's agents carry the facade's Agent; the event stream
// (host/internal/stream) is keyed by the engine's agents, and the facade
// hands each listener the event with its Agent (stream.Relabel).
//
// The host's parts are packages under host/internal, each with a package
// doc saying what it owns, none importing the host (tests/layering_test.go
// keeps them one-way): engine (the Runtime over the parts below: states,
// agents, loads, the two engines, their glue), vm (a Lua state with btlua's libraries, sandbox,
// limits, files and require, Lua<->Go values), budget (the CPU budget, the
// heap checks, the output guard), loader (a script's run and its trees or
// factory checked, the files require, dofile and tree references run, a
// reload's staged run of a file, the BTAI lint; the state keeps its loads
// and agents), sources (the record of a state's loaded files: keys, load
// order, kinds, the tables each defined, a failed reload's marks),
// reload (snapshot, stage, merge, signature, plan), stream (the event
// stream), savefile (the save format, with format, jsonread and wording:
// a bad save's errors), standing (an agent's back-off and tick schedule
// as save values),
// schedule (tick intervals and the frame budget), shards (the sharded
// engine: placement, worker crew, frame joins, the global variables'
// blackboard), policy (the error policy's rules, back-off and error log),
// vars (a blackboard value as Go sees it) and entry (the goroutine inside
// the host: Curg and the Guard).
//
// # Hot reload
//
// Reload (and ApplyReloads, which calls it for the files a Watcher reports
// changed) runs a file again as a transaction. Before the run, the host
// takes a snapshot of the live Lua state the run could reach
// (host/internal/reload/snapshot.go): every table reachable from the
// globals, the registry (package.loaded) and the libraries' module tables,
// with its fields and metatable; every function's environment and
// upvalues; userdata metatables; blackboard variables. The file then runs
// with a staging global table (host/internal/reload, run by the state's
// loader): the globals it assigns stay there until commit, which merges
// class tables into the live ones in place. Writes the run makes into live
// tables it reads (a module written as M = M or {}, a call of a live
// closure that assigns an upvalue, setmetatable, package.loaded) cannot be
// held back like the globals, so when the run, the checks after it (a
// class that vanished), a further run of a script loaded many times or a
// spawned script's factory fail, the snapshot is restored: every table,
// upvalue and blackboard that differs is set back, and files first
// required by the failed run are forgotten. Trees are replaced only after
// everything succeeded. A snapshot is a walk over the reachable state,
// about 0.1 ms for a typical script; ticks pay nothing for it.
//
// Script print output goes to Options.Stdout; the host's own reports go
// to Options.Logger. A Host is not safe for concurrent use: tick it from
// one goroutine (a sharded host runs its shards' goroutines itself). A
// call of any of its methods, or of its agents', made while another
// goroutine is inside the host (ticking it, or in another call) is
// refused with an error wrapping ErrConcurrentUse, returned or (for
// methods without an error result, and Agent.Err, whose error is the
// agent's) panicked on the caller's goroutine,
// rather than racing on the host's maps; Interrupt and Budgeted may be
// called from any goroutine. A nil or zero Host, Agent, Globals or
// Subscription is refused the same way with ErrNotMade (host/internal/engine/guard.go).
package host
