package state

import (
	"log/slog"

	"github.com/btlua/btlua/host/internal/budget"
	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/stdlib/bt"
)

// Shared is what a host's Lua states (state.go) share, the same for every
// one: the logger, the tick clock, the error policy, the memory check,
// the coroutines' count, the BTAI lint log, the frame planner, the
// closed mark and the event hook. The facade, Host, holds it (embedded)
// and writes it; each state reads it through its pointer and reaches the
// host's other agents only through roster, never the Host itself.
type Shared struct {
	Log    *slog.Logger
	Linted *loader.LintLog // the BTAI warnings logged (loader.Lint)

	Policy   ErrorPolicy
	TickTime float64 // tick time: the sum of Tick's dt, seconds
	IsClosed bool    // Close has run

	// HeapTicks is the memory check (package budget): nil without
	// Options.MemoryLimit; threads the scripts' coroutines (vm.Threads).
	HeapTicks *budget.Heap
	Threads   *vm.Threads

	// Plan is the frame schedule's planner: tick intervals, frame
	// budget, lag (frame_budget.go).
	Plan *FramePlan
	// Events is the event stream (see Subscribe), nil before the first
	// listener; board the global variables' blackboard (Globals), for
	// the events of its writes.
	Events *Hub
	Board  *bt.Blackboard
	// Roster is every state's agents and loads, in the host's order: the
	// engine's (engine.go).
	Roster Roster
}

// Roster is the host's lists as its states read them: for the agents'
// numbers in errors (agent_label.go) and the classes a save may name.
type Roster interface {
	// AgentList is every agent in Agents' order, allLoads every load in
	// call order, agentRank a's index in AgentList (or -1).
	AgentList() []*Agent
	AllLoads() []*Load
	AgentRank(a *Agent) int
	// States are the Lua states, in shard order.
	States() []*State
}
