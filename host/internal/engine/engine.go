package engine

import "github.com/btlua/btlua/host/internal/savefile"

// engine runs a Host's agents: their Lua state (or states), loads, ticks,
// reloads and globals. The facade, Host, keeps the options, the guard,
// the clock, the tick gate, the error policy and the event stream, checks
// every call (closed, re-entered, bad arguments), and hands the work to
// its engine, which is one of two:
//
//   - *single (engine_single.go): the classic host, one state (state.go)
//     ticked on the calling goroutine.
//   - *sharding (shards.go): the sharded host, Options.Shards >= 1: N
//     states ticked in parallel by the crew, joined every Tick, with the
//     global variables (Go values, no Lua state of its own), print output,
//     errors and events of a frame merged in agent order.
type engine interface {
	// loadFile is LoadFile and spawnAgent Spawn, after the facade's checks.
	loadFile(path string) ([]*Agent, error)
	spawnAgent(path string, args any) (*Agent, error)
	// tickAgents ticks the agents once with dt (Tick, after the gate); e
	// is the event stream, nil when nobody listens.
	tickAgents(dt float64, e *hub) error
	// reloadFile reloads src with its text data as the stretch what and
	// returns the report.
	reloadFile(src *source, data []byte, what string) (*ReloadReport, error)
	// watchFiles adds the loaded files to the host's watcher (Watch).
	watchFiles(w Watcher)
	// setGlobal and doString are SetGlobal and DoString.
	setGlobal(name string, v any)
	doString(code string) ([]any, error)
	// closeAll ends the agents' runs and closes the Lua states (Close).
	closeAll() error
	// shardCount is Shards.
	shardCount() int
	// placeNext places the next n loads (ExpectAgents).
	placeNext(n int)
	// states are the Lua states, in shard order (one for single); fixed
	// at New, so Interrupt may read them from any goroutine.
	states() []*state
	// agentList is every agent in Agents' order, allLoads every load in
	// call order, agentRank a's index in agentList (or -1).
	agentList() []*Agent
	allLoads() []*load
	agentRank(a *Agent) int
	// unlist removes a, which a restore made and its own state has already
	// dropped, from the host's lists of loads and agents.
	unlist(a *Agent)
	// restoredGlobals is told the global variables a restore set in every
	// state (a sharded host takes them into its logical blackboard).
	restoredGlobals(vars []savefile.Var)
	// writeGlobal is Globals.Set of name to v (nil deletes it), after the
	// checks.
	writeGlobal(name string, v any)
	// hearGlobals puts back the global variables' hook after
	// Globals.OnChange replaced it (a sharded host spreads writes).
	hearGlobals()
	// scripting is the state whose script the facade was called from (a
	// leaf given the host), or nil.
	scripting() *state
}
