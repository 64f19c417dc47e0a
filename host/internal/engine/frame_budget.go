package engine

import (
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/btlua/btlua/host/internal/schedule"
	"github.com/btlua/btlua/host/internal/state"
)

// openSchedule checks Options.FrameBudget and makes the host's planner.
func (h *Runtime) openSchedule(opts state.Options) error {
	if opts.FrameBudget < 0 {
		return fmt.Errorf("host: FrameBudget must not be negative, got %v", opts.FrameBudget)
	}
	h.Plan = &state.FramePlan{}
	h.Plan.Planner.SetBudget(opts.FrameBudget)
	return nil
}

// planFrame decides which agents the frame of dt seconds ticks, now that
// the clock has moved (Tick), and gives each state its agents of the
// frame.
func (h *Runtime) planFrame(dt float64) {
	p := h.Plan
	if p == nil {
		return
	}
	budget := p.Planner.Budget() > 0
	p.Active, p.Timing = budget || p.Intervals.Load(), budget
	if !p.Active {
		return
	}
	if p.Timing {
		p.Start = time.Now()
	}
	agents, lanes := h.eng.AgentList(), h.frameLanes()
	if p.Dirty.Swap(false) || !slices.Equal(p.View, agents) {
		p.View = append(p.View[:0], agents...)
		p.Planner.Invalidate()
	}
	var shards []*state.State
	if lanes > 1 {
		shards = h.eng.States()
	}
	p.Planner.Plan(h.TickTime, dt, len(agents), lanes, func(i int) schedule.Item {
		a := agents[i]
		lane := 0
		for j, s := range shards {
			if s == a.State {
				lane = j % lanes
				break
			}
		}
		return schedule.Item{Slot: &a.Slot, Lane: lane}
	}, func(i int) bool { return agents[i].Runs() })
	// Each state (the classic host's, or each shard) gets its agents of
	// the frame, in agent order.
	for _, s := range h.eng.States() {
		s.Turns.Ran = s.Turns.Ran[:0]
	}
	for _, i := range p.Planner.Ran() {
		a := agents[i]
		a.State.Turns.Ran = append(a.State.Turns.Ran, a)
	}
}

// endFrame tells the planner how long the frame took, from its plan to
// the end of the agents' ticks (Tick defers it; nothing without a
// budget).
func (h *Runtime) endFrame() {
	if p := h.Plan; p != nil && p.Timing {
		p.Planner.EndFrame(time.Since(p.Start))
	}
}

// frameLanes returns how many shards tick at once: each has the whole
// frame budget.
func (h *Runtime) frameLanes() int {
	return max(1, min(h.eng.ShardCount(), runtime.GOMAXPROCS(0)))
}

// FrameStats is host.FrameStats, field for field.
type FrameStats struct {
	Frames, AgentTicks, Late uint64
	MaxLag, P99Lag           float64
}

// FrameStats returns the figures of the frame schedule (see the type).
func (h *Runtime) FrameStats() FrameStats {
	defer h.use("FrameStats").Leave()

	p := h.Plan
	ticks, frames := p.Planner.Counts()
	l := p.Planner.Lag()
	_, late := l.Count()
	return FrameStats{Frames: frames, AgentTicks: ticks, Late: late, MaxLag: l.Max(), P99Lag: l.Quantile(0.99)}
}

// ResetFrameStats is host.Host.ResetFrameStats.
func (h *Runtime) ResetFrameStats() {
	defer h.use("ResetFrameStats").Leave()
	h.Plan.Planner.ResetStats()
}
