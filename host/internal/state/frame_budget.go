package state

import (
	"sync/atomic"
	"time"

	"github.com/btlua/btlua/host/internal/schedule"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
)

// This file holds the frame schedule (issue 23): per-agent tick
// intervals (Agent.SetTickInterval) and the frame budget
// (Options.FrameBudget). The rule is package schedule's
// (host/internal/schedule): the host that the embedder holds decides the
// frame's agents, each with its delta time, after the clock moved and
// before any agent ticks; then the classic host, or each shard of a
// sharded host, ticks the agents of the frame that are its own, in agent
// order. The set is decided from the agents' measured costs alone, before
// the shards run, so that an agent's results never depend on the shard
// count; the budget applies per lane, the shards that run at once (the
// shard count, at most GOMAXPROCS; agent lane: its shard modulo the
// lanes; the classic host has one lane). A host with neither a budget nor
// an agent's interval ticks every agent every Tick, as before, and pays
// nothing for it.

// frameTurns is a state's part of the frame schedule (the classic
// host's one state, or a shard).
type frameTurns struct {
	Ran   []*Agent   // the state's agents the frame under way ticks, set by the plan (reused)
	batch frameBatch // the TreeBatch of a scheduled frame (reused)
}

// FramePlan is the planner of a host and what it decided for the frame
// under way.
type FramePlan struct {
	Planner schedule.Planner
	// Intervals is set once an agent got a tick interval above 0, Dirty
	// when an interval changed since the last plan (both may be set from
	// a shard's goroutine, by a Go leaf).
	Intervals, Dirty atomic.Bool
	// View is the agents of the last plan, whose slots the planner holds.
	View []*Agent
	// Active and Timing are written before the agents tick and read by
	// the shards: the frame is scheduled, and measures each agent's tick
	// (with a budget).
	Active, Timing bool
	Start          time.Time // when the plan of a timed frame began
}

// frameBatch returns the TreeBatch of b, the agents' part of a Tick in
// this state (the classic host's or a shard): b itself when the frame is
// not scheduled, else the agents of b the plan runs, each with its own
// delta time, with their costs measured under a budget.
func (h *State) frameBatch(b *agentBatch) btlib.TreeBatch {
	p := h.Shared.Plan
	if p == nil || !p.Active {
		return b
	}
	b.agents = h.Turns.Ran // the facade's plan (planFrame)
	h.Turns.batch = frameBatch{agentBatch: b, plan: &p.Planner, timing: p.Timing}
	return &h.Turns.batch
}

// frameBatch is the agentBatch of a scheduled frame: each tree ticks with
// its agent's dt (btlib.TreeDeltas), and under a budget each agent's turn
// is timed into its cost estimate. The clock is read once a turn (the
// start of a turn ends the one before; on a virtual machine under load a
// read costs from 0.3 to 2 µs), so a turn's time includes the host's work
// around the tree's tick.
type frameBatch struct {
	*agentBatch
	plan    *schedule.Planner // the facade's, read only during the ticks
	timing  bool
	pending *Agent // the agent whose turn began at start
	start   time.Time
}

func (f *frameBatch) BeginTree(i int) *btlib.Tree {
	if f.timing {
		f.mark(f.agents[i])
	}
	return f.agentBatch.BeginTree(i)
}

func (f *frameBatch) EndTree(i int, s bt.Status, err error) bool {
	stop := f.agentBatch.EndTree(i, s, err)
	if f.timing && (stop || i == len(f.agents)-1) {
		f.mark(nil)
	}
	return stop
}

// mark ends the pending agent's turn, measuring it, and begins next's
// (nil: none).
func (f *frameBatch) mark(next *Agent) {
	now := time.Now()
	if f.pending != nil {
		f.plan.Observe(&f.pending.Slot, now.Sub(f.start))
	}
	f.pending, f.start = next, now
}

// TreeDT is agent i's delta time in this frame: the frame time since its
// last tick.
func (f *frameBatch) TreeDT(i int) float64 { return f.agents[i].Slot.DT }
