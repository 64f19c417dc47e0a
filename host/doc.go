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
//     same API and the same event stream; global variables then apply at
//     the frame boundary, in agent order (docs/agents-on-every-core.md).
//     Shards 0 is the classic unsharded host, with immediate global writes.
//
// The facade hands every call to package host/internal/engine; the layout
// of host/internal is in docs/host-layout.md.
//
// Hot reload (Reload, ApplyReloads) runs a file again as a transaction
// over a snapshot of the Lua state: see docs/hot-reload.md.
//
// Script print output goes to Options.Stdout; the host's own reports go
// to Options.Logger. A Host is not safe for concurrent use: tick it from
// one goroutine. A call made while another goroutine is inside the host
// is refused with an error wrapping ErrConcurrentUse (panicked for
// methods without an error result); a nil or zero Host, Agent, Globals or
// Subscription is refused with ErrNotMade. Interrupt and Budgeted may be
// called from any goroutine. See docs/embedding.md, Goroutines.
package host
