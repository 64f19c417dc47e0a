package warrior

import (
	"fmt"
	"io"
	"runtime"
	"testing"
	"time"

	"github.com/btlua/btlua/host"
)

// BenchmarkSpawnedCLI: one Tick of n spawned warriors (spawn.lua) on the
// classic host with the options `btlua --fast --agents n --shards 0`
// gives it (a CPU budget of 2 s, a memory limit of 1 GiB, the BTAI
// globals), so that a profile of the in-process tick is the command's
// (BENCHMARKS.md, "Warrior AI at scale": the whole-process line against
// PUC Lua runs 300 agents). ns/agent-tick and the process's CPU per tick
// are reported.
func BenchmarkSpawnedCLI(b *testing.B) {
	for _, n := range []int{300, 1000} {
		b.Run(fmt.Sprintf("agents=%d", n), func(b *testing.B) {
			h, err := host.New(host.Options{Stdout: io.Discard, FS: spawnFS, BTAIGlobals: true,
				Budget: 2 * time.Second, MemoryLimit: 1 << 30})
			if err != nil {
				b.Fatal(err)
			}
			defer h.Close()
			h.ExpectAgents(n)
			for i := 1; i <= n; i++ {
				if _, err := h.Spawn("spawn.lua", map[string]any{"index": i, "count": n}); err != nil {
					b.Fatal(err)
				}
			}
			for range 10 { // warm up caches
				if err := h.Tick(DT); err != nil {
					b.Fatal(err)
				}
			}
			runtime.GC() // the build's garbage, not the ticks'
			b.ReportAllocs()
			cpu := processCPU()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := h.Tick(DT); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			cpuPerOp(b, cpu)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/agent-tick")
		})
	}
}
