package warrior

import (
	"io"
	"reflect"
	"testing"
	"time"

	"github.com/btlua/btlua/host"
)

// record subscribes to h's events, from now on.
func record(h *host.Host) *[]string {
	var out []string
	h.Subscribe(func(e *host.Event) { out = append(out, eventLine(e)) })
	return &out
}

// counts returns each agent's tallies (its tree variables).
func counts(h *host.Host) [][]float64 {
	var per [][]float64
	for _, a := range h.Agents() {
		c := make([]float64, len(Actions)+3)
		for k, act := range append(append([]string{}, Actions...), "health", "distance", "visible") {
			if v, err := a.GetFloat(act); err == nil {
				c[k] = v
			} else if b, err := a.GetBool(act); err == nil && b {
				c[k] = 1
			}
		}
		per = append(per, c)
	}
	return per
}

func tickN(t testing.TB, h *host.Host, n int) {
	t.Helper()
	for range n {
		if err := h.Tick(DT); err != nil {
			t.Fatal(err)
		}
	}
}

// A crowd of spawned warriors run N ticks gives the same events and
// tallies as the crowd run k ticks, saved (SnapshotAll), restored in a
// fresh host (RestoreAll) and run N-k ticks, for several k. The events
// compared are those a listener subscribed at tick k hears (it hears
// each agent's tree first, EventTree, in both runs).
func TestSavedWarriorsResume(t *testing.T) {
	const n, ticks = 40, 60
	for _, k := range []int{1, 7, 30, 59} {
		ref := spawnHost(t, n, 0, true)
		tickN(t, ref, k)
		heard := record(ref)
		tickN(t, ref, ticks-k)
		want := append([]string(nil), *heard...) // before Close's ends
		wantCounts := counts(ref)
		ref.Close()

		a := spawnHost(t, n, 0, true)
		tickN(t, a, k)
		data, err := a.SnapshotAll()
		if err != nil {
			t.Fatal(err)
		}
		a.Close()
		b, err := host.New(host.Options{Stdout: io.Discard, FS: spawnFS})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.RestoreAll(data); err != nil {
			t.Fatalf("k=%d: %v", k, err)
		}
		got := record(b)
		tickN(t, b, ticks-k)
		if !reflect.DeepEqual(*got, want) {
			g, w := *got, want
			for i := range min(len(g), len(w)) {
				if g[i] != w[i] {
					t.Fatalf("k=%d: event %d: got %q, want %q (%d and %d events)", k, i, g[i], w[i], len(g), len(w))
				}
			}
			t.Fatalf("k=%d: %d events, want %d", k, len(g), len(w))
		}
		if c := counts(b); !reflect.DeepEqual(c, wantCounts) {
			t.Fatalf("k=%d: tallies differ", k)
		}
		t.Logf("k=%d: %d events alike, save %d bytes", k, len(*got), len(data))
		b.Close()
	}
}

// BenchmarkSave1000: SnapshotAll and RestoreAll of 1000 spawned warriors
// after 10 ticks; the save's size, plain and gzipped, is reported.
func BenchmarkSave1000(b *testing.B) {
	h := spawnHost(b, 1000, 0, false)
	tickN(b, h, 10)
	defer h.Close()
	data, err := h.SnapshotAll()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("snapshot", func(b *testing.B) {
		cpu := processCPU()
		for range b.N {
			if _, err := h.SnapshotAll(); err != nil {
				b.Fatal(err)
			}
		}
		cpuPerOp(b, cpu)
		b.ReportMetric(float64(len(data)), "bytes")
		b.ReportMetric(float64(len(host.Gzip(data))), "gz-bytes")
	})
	b.Run("restore", func(b *testing.B) {
		var cpu time.Duration
		for range b.N {
			b.StopTimer()
			r, err := host.New(host.Options{Stdout: io.Discard, FS: spawnFS})
			if err != nil {
				b.Fatal(err)
			}
			r.ExpectAgents(1000)
			b.StartTimer()
			c := processCPU()
			if _, err := r.RestoreAll(data); err != nil {
				b.Fatal(err)
			}
			cpu += processCPU() - c
			b.StopTimer()
			r.Close()
			b.StartTimer()
		}
		b.ReportMetric(float64(cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	})
	b.Run("spawn-only", func(b *testing.B) {
		var cpu time.Duration
		for range b.N {
			b.StopTimer()
			r, err := host.New(host.Options{Stdout: io.Discard, FS: spawnFS})
			if err != nil {
				b.Fatal(err)
			}
			r.ExpectAgents(1000)
			b.StartTimer()
			c := processCPU()
			for i := 1; i <= 1000; i++ {
				if _, err := r.Spawn("spawn.lua", map[string]any{"index": i, "tally": false}); err != nil {
					b.Fatal(err)
				}
			}
			cpu += processCPU() - c
			b.StopTimer()
			r.Close()
			b.StartTimer()
		}
		b.ReportMetric(float64(cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	})
}

// The same on a sharded host: a crowd on 2 shards saved at several ticks
// and restored on 2 shards (or on the classic host) ends with the
// tallies of the uninterrupted run (a sharded host has no event stream).
func TestSavedWarriorsResumeSharded(t *testing.T) {
	const n, ticks = 40, 60
	ref := spawnHost(t, n, 2, true)
	tickN(t, ref, ticks)
	want := counts(ref)
	ref.Close()
	for _, k := range []int{1, 13, 42} {
		for _, to := range []int{2, 0} {
			a := spawnHost(t, n, 2, true)
			tickN(t, a, k)
			data, err := a.SnapshotAll()
			if err != nil {
				t.Fatal(err)
			}
			a.Close()
			b, err := host.New(host.Options{Stdout: io.Discard, FS: spawnFS, Shards: to})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := b.RestoreAll(data); err != nil {
				t.Fatalf("k=%d: %v", k, err)
			}
			if b.Ticks() != uint64(k) {
				t.Fatalf("k=%d: restored host at tick %d", k, b.Ticks())
			}
			tickN(t, b, ticks-k)
			if c := counts(b); !reflect.DeepEqual(c, want) {
				t.Fatalf("k=%d, restored on %d shards: tallies differ", k, to)
			}
			b.Close()
		}
	}
}
