package engine

import (
	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/host/internal/state"
)

// engine runs a Host's agents: their Lua state (or states), loads, ticks,
// reloads and globals. The facade, Host, keeps the options, the guard,
// the clock, the tick gate, the error policy and the event stream, checks
// every call (closed, re-entered, bad arguments), and hands the work to
// its engine, which is one of two:
//
//   - *single.Engine (host/internal/single): the classic host, one state
//     ticked on the calling goroutine.
//   - *sharding.Engine (host/internal/sharding): the sharded host, Options.Shards >= 1: N
//     states ticked in parallel by the crew, joined every Tick, with the
//     global variables (Go values, no Lua state of its own), print output,
//     errors and events of a frame merged in agent order.
type engine interface {
	// LoadFile is LoadFile and spawnAgent Spawn, after the facade's checks.
	LoadFile(path string) ([]*state.Agent, error)
	SpawnAgent(path string, args any) (*state.Agent, error)
	// TickAgents ticks the agents once with dt (Tick, after the gate); e
	// is the event stream, nil when nobody listens.
	TickAgents(dt float64, e *state.Hub) error
	// ReloadFile reloads src with its text data as the stretch what and
	// returns the report.
	ReloadFile(src *state.Source, data []byte, what string) (*state.ReloadReport, error)
	// WatchFiles adds the loaded files to the host's watcher (Watch).
	WatchFiles(w state.Watcher)
	// SetGlobal and doString are SetGlobal and DoString.
	SetGlobal(name string, v any)
	DoString(code string) ([]any, error)
	// CloseAll ends the agents' runs and closes the Lua states (Close).
	CloseAll() error
	// ShardCount is Shards.
	ShardCount() int
	// PlaceNext places the next n loads (ExpectAgents).
	PlaceNext(n int)
	// States are the Lua states, in shard order (one for single); fixed
	// at New, so Interrupt may read them from any goroutine.
	States() []*state.State
	// AgentList is every agent in Agents' order, allLoads every load in
	// call order, agentRank a's index in AgentList (or -1).
	AgentList() []*state.Agent
	AllLoads() []*state.Load
	AgentRank(a *state.Agent) int
	// Unlist removes a, which a restore made and its own state has already
	// dropped, from the host's lists of loads and agents.
	Unlist(a *state.Agent)
	// RestoredGlobals is told the global variables a restore set in every
	// state (a sharded host takes them into its logical blackboard).
	RestoredGlobals(vars []savefile.Var)
	// WriteGlobal is Globals.Set of name to v (nil deletes it), after the
	// checks.
	WriteGlobal(name string, v any)
	// HearGlobals puts back the global variables' hook after
	// Globals.OnChange replaced it (a sharded host spreads writes).
	HearGlobals()
	// Scripting is the state whose script the facade was called from (a
	// leaf given the host), or nil.
	Scripting() *state.State
}
