package warrior

import (
	"embed"
	"fmt"
	"io"
	"reflect"
	"runtime"
	"sync"
	"testing"

	"github.com/btlua/btlua/host"
)

//go:embed btlua.lua spawn.lua
var spawnFS embed.FS

// spawnHost spawns n warriors of spawn.lua on a host of shards Lua
// states (host.Options.Shards: 0 is the classic unsharded host, 1 and more
// the sharded host; with tally, each counting its actions in its
// variables).
func spawnHost(tb testing.TB, n, shards int, tally bool) *host.Host {
	return spawnRange(tb, 1, n, shards, tally)
}

// spawnRange is spawnHost of the warriors of index first to first+n-1.
func spawnRange(tb testing.TB, first, n, shards int, tally bool) *host.Host {
	tb.Helper()
	h, err := host.New(host.Options{Stdout: io.Discard, FS: spawnFS, Shards: shards})
	if err != nil {
		tb.Fatal(err)
	}
	h.ExpectAgents(n)
	for i := first; i < first+n; i++ {
		if _, err := h.Spawn("spawn.lua", map[string]any{"index": i, "tally": tally}); err != nil {
			h.Close()
			tb.Fatal(err)
		}
	}
	return h
}

// The spawned warriors take the actions sim.go's do, tick for tick: the
// histogram of 64 agents over 120 ticks is the "goconds" variant's, and
// each agent's own counts are the same with 1, 2 and 4 shards, and on the
// classic host (0; the warriors share no global variables).
func TestSpawnedWarriors(t *testing.T) {
	const n, ticks = 64, 120
	want := run(t, "goconds", n, ticks)
	var first [][]float64
	for _, shards := range []int{1, 2, 4, 0} {
		h := spawnHost(t, n, shards, true)
		for range ticks {
			if err := h.Tick(DT); err != nil {
				t.Fatal(err)
			}
		}
		total := make([]int64, len(Actions))
		var per [][]float64
		for _, a := range h.Agents() {
			counts := make([]float64, len(Actions))
			for k, act := range Actions {
				if v, err := a.GetFloat(act); err == nil {
					counts[k] = v
					total[k] += int64(v)
				}
			}
			per = append(per, counts)
		}
		h.Close()
		if !reflect.DeepEqual(total, want) {
			t.Fatalf("%d shards: histogram %v, want %v (sim.go's goconds)", shards, total, want)
		}
		if first == nil {
			first = per
		} else if !reflect.DeepEqual(per, first) {
			t.Fatalf("%d shards: per-agent counts differ from 1 shard's", shards)
		}
	}
}

// BenchmarkShards: one Tick of 1000 spawned warriors (spawn.lua) on the
// classic host (shards=0), on the sharded host of 1, 2 and 4 shards (the
// same machinery: frame-boundary globals, held output, the join; 4 shards
// on 2 cores shows the cost of more workers than cores), and two
// independent classic hosts of 500 ticked in parallel (the ceiling for 2
// shards); ns/agent-tick is reported (wall time, so with 2 shards on 2
// free cores it halves). The build's garbage is collected before the
// timed ticks, so that no shard count gets the collector's work for free
// on an idle core.
func BenchmarkShards(b *testing.B) {
	const n = 1000
	for _, shards := range []int{0, 1, 2, 4} {
		b.Run(fmt.Sprintf("shards=%d", shards), func(b *testing.B) {
			h := spawnHost(b, n, shards, false)
			defer h.Close()
			for range 10 { // warm up caches
				if err := h.Tick(DT); err != nil {
					b.Fatal(err)
				}
			}
			runtime.GC() // the build's garbage, not the ticks'
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
	// The ceiling: two classic hosts of the same 1000 agents, 500 each,
	// ticked on two goroutines with nothing shared (what 2 shards would be
	// with a free join).
	b.Run("independent=2", func(b *testing.B) {
		hs := []*host.Host{spawnRange(b, 1, n/2, 0, false), spawnRange(b, n/2+1, n/2, 0, false)}
		defer hs[0].Close()
		defer hs[1].Close()
		tick := func() {
			var wg sync.WaitGroup
			for _, h := range hs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if err := h.Tick(DT); err != nil {
						panic(err)
					}
				}()
			}
			wg.Wait()
		}
		for range 10 {
			tick()
		}
		runtime.GC()
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			tick()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/agent-tick")
	})
}
