package host

// engine runs a Host's agents: their Lua state (or states), loads, ticks,
// reloads and globals. The facade, Host, keeps the options, the guard,
// the clock, the tick gate, the error policy and the event stream, checks
// every call (closed, re-entered, bad arguments), and hands the work to
// its engine, which is one of two:
//
//   - single (engine_single.go): the classic host, one Lua state ticked
//     on the calling goroutine.
//   - inShard (engine_shard.go): a single that is one shard of a sharded
//     host; its frame holds what the shard's ticks write and print.
//   - *sharding (shards.go): the sharded host, Options.Shards >= 1: shards
//     of single-state hosts ticked in parallel by the crew, joined every
//     Tick, with the global variables, print output, errors and events
//     of a frame merged in agent order.
type engine interface {
	// loadFile is LoadFile and spawnAgent Spawn, after the facade's checks.
	loadFile(path string) ([]*Agent, error)
	spawnAgent(path string, args any) (*Agent, error)
	// tickAgents ticks the agents once with dt (Tick, after the gate); e
	// is the event stream, nil when nobody listens.
	tickAgents(dt float64, e *hub) error
	// reloadFile reloads src with its text data and returns the report.
	reloadFile(src *source, data []byte) (*ReloadReport, error)
	// sourceOf returns the loaded file whose key is abs, or nil.
	sourceOf(abs string) *source
	// watchFiles adds the loaded files to the host's watcher (Watch).
	watchFiles()
	// setGlobal, getGlobal and doString are SetGlobal, GetGlobal and
	// DoString.
	setGlobal(name string, v any)
	getGlobal(name string) any
	doString(code string) ([]any, error)
	// closeAll ends the agents' runs and closes the Lua states (Close).
	closeAll() error
	// interruptAll stops the scripts running now (Interrupt); it may run
	// on any goroutine.
	interruptAll() bool
	// shardCount is Shards; shardIndex the shard of a, an agent of the host.
	shardCount() int
	shardIndex(a *Agent) int
	// hasAgent reports whether a (not nil) is an agent of the host.
	hasAgent(a *Agent) bool
	// placeNext places the next n loads (ExpectAgents).
	placeNext(n int)
	// luaStates are the hosts whose Lua states run the scripts: the host
	// itself, or each shard.
	luaStates() []*Host
	// enterShards and leaveShards take and release the shards' guards
	// with the facade's first entry (guard.go); enterShards reports false
	// when another goroutine is inside one.
	enterShards(me uintptr) bool
	leaveShards()
	// coordinator is the host the embedder holds: the host itself, or a
	// shard's coordinator.
	coordinator() *Host
	// allLoads is every load of the host's agents, in call order.
	allLoads() []*load
	// agentRank is a's index in the host's Agents, or -1.
	agentRank(a *Agent) int
	// globalHosts are the hosts holding global variables and a clock:
	// the host itself, and each shard.
	globalHosts() []*Host
	// unlist removes a, which a restore made and its own host has already
	// dropped, from the host's lists of loads and agents.
	unlist(a *Agent)
	// globalTable readies v, a Go map, slice or array written as a global
	// variable, as a Lua table; done reports that the engine wrote it
	// itself (in every shard), so nothing is left to do.
	globalTable(name string, v any) (lv any, done bool)
	// hearGlobals puts back the global variables' hook after
	// Globals.OnChange replaced it (a sharded host spreads writes).
	hearGlobals()
	// heldFrame is the shard's frame, which holds the events of its
	// ticks; nil outside a shard.
	heldFrame() *shardFrame
	// beginScript is told a, the agent (or nil) of the outermost stretch
	// of script work that starts now.
	beginScript(a *Agent)
	// stopsHeapHog reports whether this host's tick stops the agent that
	// allocated most (false in a shard: its coordinator does).
	stopsHeapHog() bool
	// strictStopsBatch reports whether an agent's StrictError ends the
	// host's batch at once (false in a shard: the coordinator joins).
	strictStopsBatch() bool
}
