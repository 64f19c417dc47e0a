package engine

import (
	"fmt"
	"runtime"
	"slices"
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
	ran   []*Agent   // the state's agents the frame under way ticks, set by the plan (reused)
	batch frameBatch // the TreeBatch of a scheduled frame (reused)
}

// framePlan is the planner of a host and what it decided for the frame
// under way.
type framePlan struct {
	planner schedule.Planner
	// intervals is set once an agent got a tick interval above 0, dirty
	// when an interval changed since the last plan (both may be set from
	// a shard's goroutine, by a Go leaf).
	intervals, dirty atomic.Bool
	// view is the agents of the last plan, whose slots the planner holds.
	view []*Agent
	// active and timing are written before the agents tick and read by
	// the shards: the frame is scheduled, and measures each agent's tick
	// (with a budget).
	active, timing bool
	start          time.Time // when the plan of a timed frame began
}

// openSchedule checks Options.FrameBudget and makes the host's planner.
func (h *Runtime) openSchedule(opts Options) error {
	if opts.FrameBudget < 0 {
		return fmt.Errorf("host: FrameBudget must not be negative, got %v", opts.FrameBudget)
	}
	h.plan = &framePlan{}
	h.plan.planner.SetBudget(opts.FrameBudget)
	return nil
}

// planFrame decides which agents the frame of dt seconds ticks, now that
// the clock has moved (Tick), and gives each state its agents of the
// frame.
func (h *Runtime) planFrame(dt float64) {
	p := h.plan
	if p == nil {
		return
	}
	budget := p.planner.Budget() > 0
	p.active, p.timing = budget || p.intervals.Load(), budget
	if !p.active {
		return
	}
	if p.timing {
		p.start = time.Now()
	}
	agents, lanes := h.eng.agentList(), h.frameLanes()
	if p.dirty.Swap(false) || !slices.Equal(p.view, agents) {
		p.view = append(p.view[:0], agents...)
		p.planner.Invalidate()
	}
	var shards []*state
	if lanes > 1 {
		shards = h.eng.states()
	}
	p.planner.Plan(h.clock, dt, len(agents), lanes, func(i int) schedule.Item {
		a := agents[i]
		lane := 0
		for j, s := range shards {
			if s == a.host {
				lane = j % lanes
				break
			}
		}
		return schedule.Item{Slot: &a.slot, Lane: lane}
	}, func(i int) bool { return agents[i].running() })
	// Each state (the classic host's, or each shard) gets its agents of
	// the frame, in agent order.
	for _, s := range h.eng.states() {
		s.turns.ran = s.turns.ran[:0]
	}
	for _, i := range p.planner.Ran() {
		a := agents[i]
		a.host.turns.ran = append(a.host.turns.ran, a)
	}
}

// endFrame tells the planner how long the frame took, from its plan to
// the end of the agents' ticks (Tick defers it; nothing without a
// budget).
func (h *Runtime) endFrame() {
	if p := h.plan; p != nil && p.timing {
		p.planner.EndFrame(time.Since(p.start))
	}
}

// frameLanes returns how many shards tick at once: each has the whole
// frame budget.
func (h *Runtime) frameLanes() int {
	return max(1, min(h.eng.shardCount(), runtime.GOMAXPROCS(0)))
}

// frameBatch returns the TreeBatch of b, the agents' part of a Tick in
// this state (the classic host's or a shard): b itself when the frame is
// not scheduled, else the agents of b the plan runs, each with its own
// delta time, with their costs measured under a budget.
func (h *state) frameBatch(b *agentBatch) btlib.TreeBatch {
	p := h.sh.plan
	if p == nil || !p.active {
		return b
	}
	b.agents = h.turns.ran // the facade's plan (planFrame)
	h.turns.batch = frameBatch{agentBatch: b, plan: &p.planner, timing: p.timing}
	return &h.turns.batch
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
		f.plan.Observe(&f.pending.slot, now.Sub(f.start))
	}
	f.pending, f.start = next, now
}

// TreeDT is agent i's delta time in this frame: the frame time since its
// last tick.
func (f *frameBatch) TreeDT(i int) float64 { return f.agents[i].slot.DT }

// FrameStats is host.FrameStats, field for field.
type FrameStats struct {
	Frames, AgentTicks, Late uint64
	MaxLag, P99Lag           float64
}

// FrameStats returns the figures of the frame schedule (see the type).
func (h *Runtime) FrameStats() FrameStats {
	defer h.use("FrameStats").done()

	p := h.plan
	ticks, frames := p.planner.Counts()
	l := p.planner.Lag()
	_, late := l.Count()
	return FrameStats{Frames: frames, AgentTicks: ticks, Late: late, MaxLag: l.Max(), P99Lag: l.Quantile(0.99)}
}

// ResetFrameStats is host.Host.ResetFrameStats.
func (h *Runtime) ResetFrameStats() {
	defer h.use("ResetFrameStats").done()
	h.plan.planner.ResetStats()
}
