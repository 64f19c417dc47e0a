package warrior

import (
	"embed"
	"fmt"
	"io"
	"testing"

	"github.com/btlua/btlua/host"
)

//go:embed btlua.lua spawn.lua
var spawnFS embed.FS

// spawnHost spawns n warriors of spawn.lua on a host of shards Lua
// states.
func spawnHost(tb testing.TB, n, shards int) *host.Host {
	tb.Helper()
	h, err := host.New(host.Options{Stdout: io.Discard, FS: spawnFS, Shards: shards})
	if err != nil {
		tb.Fatal(err)
	}
	for i := 1; i <= n; i++ {
		if _, err := h.Spawn("spawn.lua", map[string]any{"index": i}); err != nil {
			h.Close()
			tb.Fatal(err)
		}
	}
	return h
}

// The spawned warriors tick without errors and take every action; their
// global hist, summed over the shards, adds up to agents x ticks.
func TestSpawnedWarriors(t *testing.T) {
	const n, ticks = 50, 120
	h := spawnHost(t, n, 1)
	defer h.Close()
	for range ticks {
		if err := h.Tick(DT); err != nil {
			t.Fatal(err)
		}
	}
	got, err := h.DoString(`return hist["patrol"], hist["alert"], hist["run away"], hist["crazy attack"], hist["attack"]`)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for i, c := range got {
		if c.(float64) == 0 {
			t.Fatalf("%s never taken: %v", Actions[i], got)
		}
		sum += c.(float64)
	}
	if sum != n*ticks {
		t.Fatalf("histogram %v sums to %v, want %d", got, sum, n*ticks)
	}
}

// BenchmarkShards: one Tick of 1000 spawned warriors (spawn.lua) on a
// host of 1 and 2 shards; ns/agent-tick is reported (wall time, so with 2
// shards on 2 free cores it halves).
func BenchmarkShards(b *testing.B) {
	const n = 1000
	for _, shards := range []int{1, 2} {
		b.Run(fmt.Sprintf("shards=%d", shards), func(b *testing.B) {
			h := spawnHost(b, n, shards)
			defer h.Close()
			for range 10 { // warm up caches
				if err := h.Tick(DT); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := h.Tick(DT); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/agent-tick")
		})
	}
}
