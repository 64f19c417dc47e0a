// Package engine is the engine side of package host: a Runtime holds
// what the host's Lua states share (state.Shared), the facade's own
// state (output, watcher, tick gate, the goroutine guard and re-entry
// guard) and hands the work to one engine (engine.go): the classic
// host's (package host/internal/single, one state of package
// host/internal/state) or the sharded one (package
// host/internal/sharding, N states ticked in parallel and joined every
// frame). It owns the host's calls over its states: New and Close, the
// event stream's subscriptions, profiles, the frame planner's glue,
// reload and watch; a save and a restore across every state it hands to
// package host/internal/hostsave (save.go). The facade, package host,
// checks nothing itself: every public method hands its call to the
// Runtime (or an Agent, Globals or Subscription), whose agents carry the
// facade's Agent in Pub; this package never imports the facade.
package engine
