package host

import (
	"time"

	"github.com/btlua/btlua/stdlib/bt"
)

// Profile is what the profiler measured since StartProfile (see
// bt.Profiler): per task path and per class, the ticks, total and self
// time and the Lua share of self, summed over every agent (the agents of
// one script share their paths) and every shard. Rows are sorted by self
// time, highest first.
type Profile struct {
	// Tasks has one row per task path ("Root/Attack[2]", 1-based as
	// --trace prints them), Classes one per class (a script's class
	// name, or a built-in such as BTSequence).
	Tasks, Classes []bt.ProfileRow
}

// Time returns the time spent in the profiled ticks: the sum of the
// tasks' self times.
func (p Profile) Time() time.Duration {
	var d time.Duration
	for _, r := range p.Tasks {
		d += r.Self
	}
	return d
}

// StartProfile turns the profiler on, from zero: from now on every
// agent's tree (those running now, and those spawned, reloaded or
// restarted later) times each task's Tick, and the Lua calls of the tasks
// count as their Lua share. clock returns nanoseconds (tests give a fake
// one; nil means the monotonic clock); with Shards >= 2 it is called from
// every shard's goroutine at once. Profiling costs time per task tick
// (see BENCHMARKS.md); off, the default, it costs one nil check per task
// tick. A StartProfile while profiling starts again from zero.
func (h *Host) StartProfile(clock func() int64) {
	h.core().StartProfile(clock)
}

// StopProfile turns the profiler off; Profile still returns what it
// measured until the next StartProfile.
func (h *Host) StopProfile() {
	h.core().StopProfile()
}

// Profiling reports whether the profiler is on (StartProfile and no
// StopProfile since).
func (h *Host) Profiling() bool {
	return h.core().Profiling()
}

// Profile returns what the profiler measured since StartProfile (the zero
// Profile before any): the rows of every shard summed by task path and
// by class.
func (h *Host) Profile() Profile {
	return Profile(h.core().Profile())
}

// FrameStats are the figures of a host's frame schedule since New: the
// frames scheduled (Ticks made with Options.FrameBudget or with an
// agent's tick interval), the agents' ticks they made (running agents
// only; a classic host's Tick that a FailTick error ends counts the
// agents after it too), how many of those ran late, and the lags in
// seconds: how much later than the first frame at which it was due an
// agent ticked (the rounding of an interval up to whole frames is no
// lag). All are 0 on a host that schedules no frame.
type FrameStats struct {
	Frames, AgentTicks, Late uint64
	MaxLag, P99Lag           float64
}

// FrameStats returns the figures of the frame schedule (see the type).
func (h *Host) FrameStats() FrameStats {
	return FrameStats(h.core().FrameStats())
}

// ResetFrameStats sets the figures of FrameStats back to 0 (after a
// warm-up, or per level); the schedule itself goes on as it was.
func (h *Host) ResetFrameStats() {
	h.core().ResetFrameStats()
}

// Clock returns the host's tick time: the sum of the delta times given to
// Tick, in seconds.
func (h *Host) Clock() float64 {
	return h.core().Clock()
}

// Interrupt stops the script running now, if any, with the Lua error
// "interrupted (...)" at its current instruction; it is safe to call from
// any goroutine (a signal handler, a watchdog). It works only with a CPU
// budget (Options.Budget), whose context the Lua state polls, and reports
// whether a script was running. The CLI calls it on Ctrl-C. It also
// stops the OnEnds that Close runs (it reads no state that Close changes,
// so it may run while Close does); after Close no script runs and it
// returns false.
func (h *Host) Interrupt() bool {
	return h.core().Interrupt()
}

// Budgeted reports whether the host has a CPU budget (Options.Budget), so
// that Interrupt can stop its scripts. Like Interrupt, it may be called
// from any goroutine (the budget is fixed at New).
func (h *Host) Budgeted() bool {
	return h.core().Budgeted()
}
