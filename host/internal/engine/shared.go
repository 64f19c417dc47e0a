package engine

import (
	"log/slog"

	"github.com/btlua/btlua/host/internal/budget"
	"github.com/btlua/btlua/host/internal/loader"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/stdlib/bt"
)

// shared is what a host's Lua states (state.go) share, the same for every
// one: the logger, the tick clock, the error policy, the memory check,
// the coroutines' count, the BTAI lint log, the frame planner, the
// closed mark and the event hook. The facade, Host, holds it (embedded)
// and writes it; each state reads it through its pointer and reaches the
// host's other agents only through roster, never the Host itself.
type shared struct {
	log    *slog.Logger
	linted *loader.LintLog // the BTAI warnings logged (loader.Lint)

	policy ErrorPolicy
	clock  float64 // tick time: the sum of Tick's dt, seconds
	closed bool    // Close has run

	// heapTicks is the memory check (package budget): nil without
	// Options.MemoryLimit; threads the scripts' coroutines (vm.Threads).
	heapTicks *budget.Heap
	threads   *vm.Threads

	// plan is the frame schedule's planner: tick intervals, frame
	// budget, lag (frame_budget.go).
	plan *framePlan
	// events is the event stream (see Subscribe), nil before the first
	// listener; board the global variables' blackboard (Globals), for
	// the events of its writes.
	events *hub
	board  *bt.Blackboard
	// roster is every state's agents and loads, in the host's order: the
	// engine's (engine.go).
	roster roster
}

// roster is the host's lists as its states read them: for the agents'
// numbers in errors (agent_label.go) and the classes a save may name.
type roster interface {
	// agentList is every agent in Agents' order, allLoads every load in
	// call order, agentRank a's index in agentList (or -1).
	agentList() []*Agent
	allLoads() []*load
	agentRank(a *Agent) int
	// states are the Lua states, in shard order.
	states() []*state
}
