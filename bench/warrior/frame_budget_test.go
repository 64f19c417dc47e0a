package warrior

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/btlua/btlua/host"
)

// Frame-budget figures (issue 23): n spawned warriors (spawn.lua: Lua
// action leaves, Go conditions) on one shard per core, a 4 ms frame
// budget, 60 frames a second; the near tenth ticks at 60 Hz, the rest at
// 5 Hz. Each op is one frame (Tick of 1/60 s), after a warm-up of 4 s of
// frames (the first frame ticks every agent at once, and the budget then
// spreads them over the frames). Reported: ns per agent-tick (the frames'
// time over the agent-ticks made), the agent-ticks made against the
// ones the rates ask for, the lag (max and p99, ms), the frames' median
// and largest wall time (ms), and whether every agent met its rate (at
// the end, each near agent ticked within its last frame and each far
// one within its 0.2 s).
//
//	go test -run '^$' -bench FrameBudget -benchtime 600x ./bench/warrior
//
// The near agents are every tenth one ("spread": in a world, the agents
// near the player are anywhere in the list), or the first tenth
// ("first": with agents placed in runs, one run per shard, all of them
// on the first shard, whose core then has most of the work).
func BenchmarkFrameBudget(b *testing.B) {
	spread := func(i int) bool { return i%10 == 0 }
	for _, c := range []struct {
		n    int
		near string
	}{{100, "spread"}, {10000, "spread"}, {10000, "first"}} {
		isNear := spread
		if c.near == "first" {
			isNear = func(i int) bool { return i < c.n/10 }
		}
		b.Run(fmt.Sprintf("agents=%d/near=%s", c.n, c.near), func(b *testing.B) { benchFrameBudget(b, c.n, isNear) })
	}
}

const (
	frameDT      = 1.0 / 60
	farInterval  = 0.2
	warmupFrames = 240
)

// benchFrameBudget runs the frames of n agents; isNear(i) says whether
// agent i (from 0) ticks at 60 Hz.
func benchFrameBudget(b *testing.B, n int, isNear func(i int) bool) {
	h, err := host.New(host.Options{Stdout: io.Discard, FS: spawnFS, Shards: runtime.GOMAXPROCS(0), FrameBudget: 4 * time.Millisecond})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	h.ExpectAgents(n)
	near := 0
	for i := 1; i <= n; i++ {
		a, err := h.Spawn("spawn.lua", map[string]any{"index": i})
		if err != nil {
			b.Fatal(err)
		}
		interval := farInterval
		if isNear(i - 1) {
			interval, near = frameDT, near+1
		}
		if err := a.SetTickInterval(interval); err != nil {
			b.Fatal(err)
		}
	}
	for range warmupFrames {
		if err := h.Tick(frameDT); err != nil {
			b.Fatal(err)
		}
	}
	h.ResetFrameStats()
	frames := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		if err := h.Tick(frameDT); err != nil {
			b.Fatal(err)
		}
		frames = append(frames, time.Since(start))
	}
	b.StopTimer()
	st := h.FrameStats()
	var took time.Duration
	for _, d := range frames {
		took += d
	}
	slices.Sort(frames)
	wanted := float64(b.N) * (float64(near) + float64(n-near)*frameDT/farInterval)
	met := 1.0
	clock := h.Clock()
	for i, a := range h.Agents() {
		limit := frameDT // a.Time() is the clock of the agent's last tick
		if !isNear(i) {
			limit = farInterval
		}
		if clock-a.Time() > limit+1e-9 {
			met = 0
		}
	}
	b.ReportMetric(float64(took.Nanoseconds())/float64(st.AgentTicks), "ns/agent-tick")
	b.ReportMetric(float64(st.AgentTicks)/wanted, "ticks/wanted")
	b.ReportMetric(st.MaxLag*1000, "lag-max-ms")
	b.ReportMetric(st.P99Lag*1000, "lag-p99-ms")
	b.ReportMetric(float64(frames[len(frames)/2].Microseconds())/1000, "frame-p50-ms")
	b.ReportMetric(float64(frames[len(frames)-1].Microseconds())/1000, "frame-max-ms")
	b.ReportMetric(met, "rates-met")
}

// BenchmarkFrameSchedule is the cost of the schedule itself: n warriors
// on one shard per core, all ticking every frame, without a schedule
// ("off") and with a budget they all fit in ("roomy": one hour; every
// frame planned, every tick timed). Each op is one frame, after 60
// frames of warm-up.
//
//	go test -run '^$' -bench FrameSchedule -benchtime 200x -count 6 ./bench/warrior
func BenchmarkFrameSchedule(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		for _, mode := range []struct {
			name   string
			budget time.Duration
		}{{"off", 0}, {"roomy", time.Hour}} {
			b.Run(fmt.Sprintf("agents=%d/%s", n, mode.name), func(b *testing.B) {
				h, err := host.New(host.Options{Stdout: io.Discard, FS: spawnFS, Shards: runtime.GOMAXPROCS(0), FrameBudget: mode.budget})
				if err != nil {
					b.Fatal(err)
				}
				defer h.Close()
				h.ExpectAgents(n)
				for i := 1; i <= n; i++ {
					if _, err := h.Spawn("spawn.lua", map[string]any{"index": i}); err != nil {
						b.Fatal(err)
					}
				}
				for range 60 {
					if err := h.Tick(frameDT); err != nil {
						b.Fatal(err)
					}
				}
				b.ResetTimer()
				for range b.N {
					if err := h.Tick(frameDT); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/agent-tick")
			})
		}
	}
}
