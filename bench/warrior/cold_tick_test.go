package warrior

import (
	"fmt"
	"io"
	"runtime"
	"testing"

	"github.com/btlua/btlua/host"
)

// BenchmarkColdTick is the cost of a tick whose agent's memory has left
// the processor's caches, as at 10,000 agents at 5 Hz: n spawned warriors
// on one shard per core, each with a tick interval of 0.2 s, so a frame
// of 1/60 s ticks a twelfth of them and an agent's next tick comes after
// the eleven twelfths of the others (about 180 MB at 10,000). No frame
// budget: each op is one frame, after 2 s of warm-up. Reported: the wall
// and CPU time per agent-tick (the CPU time moves less when other work
// shares the cores).
//
//	go test -run '^$' -bench ColdTick -benchtime 600x ./bench/warrior
func BenchmarkColdTick(b *testing.B) {
	for _, c := range []struct {
		n        int
		interval float64
	}{{100, 0}, {1200, 0}, {1200, farInterval}, {12000, farInterval}} {
		n := c.n
		b.Run(fmt.Sprintf("agents=%d/interval=%g", n, c.interval), func(b *testing.B) {
			h, err := host.New(host.Options{Stdout: io.Discard, FS: spawnFS, Shards: runtime.GOMAXPROCS(0)})
			if err != nil {
				b.Fatal(err)
			}
			defer h.Close()
			h.ExpectAgents(n)
			for i := 1; i <= n; i++ {
				a, err := h.Spawn("spawn.lua", map[string]any{"index": i})
				if err != nil {
					b.Fatal(err)
				}
				if err := a.SetTickInterval(c.interval); err != nil {
					b.Fatal(err)
				}
			}
			for range 120 {
				if err := h.Tick(frameDT); err != nil {
					b.Fatal(err)
				}
			}
			h.ResetFrameStats()
			b.ResetTimer()
			cpu := processCPU()
			for range b.N {
				if err := h.Tick(frameDT); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			ticks := float64(h.FrameStats().AgentTicks)
			if c.interval == 0 {
				ticks = float64(b.N * n) // no schedule runs: every agent every frame
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/ticks, "ns/agent-tick")
			b.ReportMetric(float64(processCPU()-cpu)/ticks, "cpu-ns/agent-tick")
		})
	}
}
