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
	// load is LoadFile and spawn Spawn, after the facade's checks.
	load(path string) ([]*Agent, error)
	spawn(path string, args any) (*Agent, error)
	// tick ticks the agents once with dt (Tick, after the gate); e is the
	// event stream, nil when nobody listens.
	tick(dt float64, e *hub) error
	// reload reloads src with its text data and returns the report.
	reload(src *source, data []byte) (*ReloadReport, error)
	// source returns the loaded file whose key is abs, or nil.
	source(abs string) *source
	// watch adds the loaded files to the host's watcher (Watch).
	watch()
	// setGlobal, getGlobal and doString are SetGlobal, GetGlobal and
	// DoString.
	setGlobal(name string, v any)
	getGlobal(name string) any
	doString(code string) ([]any, error)
	// close ends the agents' runs and closes the Lua states (Close).
	close() error
	// interrupt stops the scripts running now (Interrupt); it may run on
	// any goroutine.
	interrupt() bool
	// count is Shards; shardOf the shard of a, an agent of the host.
	count() int
	shardOf(a *Agent) int
	// owns reports whether a (not nil) is an agent of the host.
	owns(a *Agent) bool
	// expect places the next n loads (ExpectAgents).
	expect(n int)
	// states are the hosts whose Lua states run the scripts: the host
	// itself, or each shard.
	states() []*Host
	// enter and leave take and release the shards' guards with the
	// facade's first entry (guard.go); enter reports false when another
	// goroutine is inside one.
	enter(me uintptr) bool
	leave()
}
