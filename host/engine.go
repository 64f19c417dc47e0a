package host

// engine runs a Host's agents: their Lua state (or states), loads, ticks,
// reloads and globals. The facade, Host, keeps the options, the guard,
// the clock, the tick gate, the error policy and the event stream, checks
// every call (closed, re-entered, bad arguments), and hands the work to
// its engine, which is one of two:
//
//   - single (engine_single.go): the classic host, one Lua state ticked
//     on the calling goroutine; also each shard of a sharded host.
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
}
