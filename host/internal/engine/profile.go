package engine

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
func (h *Runtime) StartProfile(clock func() int64) {
	defer h.use("StartProfile").done()
	h.profiles = nil
	for _, s := range h.eng.states() {
		p := bt.NewProfiler(clock)
		s.vm.Lib.SetProfiler(p)
		h.profiles = append(h.profiles, p)
	}
	h.attachProfiles()
}

// StopProfile turns the profiler off; Profile still returns what it
// measured until the next StartProfile.
func (h *Runtime) StopProfile() {
	defer h.use("StopProfile").done()
	for _, s := range h.eng.states() {
		s.vm.Lib.SetProfiler(nil)
	}
	h.attachProfiles()
}

// Profiling reports whether the profiler is on (StartProfile and no
// StopProfile since).
func (h *Runtime) Profiling() bool {
	defer h.use("Profiling").done()
	return len(h.profiles) > 0 && h.eng.states()[0].vm.Lib.Profiler() != nil
}

// Profile returns what the profiler measured since StartProfile (the zero
// Profile before any): the rows of every shard summed by task path and
// by class.
func (h *Runtime) Profile() Profile {
	defer h.use("Profile").done()
	tasks, classes := bt.MergeProfiles(h.profiles...)
	return Profile{Tasks: tasks, Classes: classes}
}

// attachProfiles gives every agent's tree its Lua state's profiler (nil
// when off).
func (h *Runtime) attachProfiles() {
	for _, a := range h.eng.agentList() {
		a.tree.BT.Profiler = a.host.vm.Lib.Profiler()
	}
}
