// Package engine is the engine side of package host: a Runtime owns the
// host's Lua state or states (state.go) and what they run, the agents and
// loads, and hands the work to one engine (engine.go): single, the
// classic host's one state, or sharding, N states ticked in parallel and
// joined every frame over package host/internal/shards. It also holds the
// glue of the host's parts over its states: loading and spawning, the
// tick and its stretches of script work under the CPU budget, the error
// policy's restarts, the frame schedule, reload, save and restore, and
// the event stream's source. The facade, package host, checks nothing
// itself: every public method hands its call to the Runtime (or an
// Agent, Globals or Subscription of this package), whose agents carry the
// facade's Agent in Pub; this package never imports the facade.
package engine
