package host

import (
	"io"
	"testing"
)

// BenchmarkHostTick1000AgentsProfiled is BenchmarkHostTick1000Agents with
// the profiler on (StartProfile, the monotonic clock): the profiler's
// cost is the difference.
func BenchmarkHostTick1000AgentsProfiled(b *testing.B) {
	h, err := New(Options{Stdout: io.Discard})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	h.SetGlobal("ENEMY_AT", -1)
	for range 1000 {
		if _, err := h.LoadFile(benchGuard); err != nil {
			b.Fatal(err)
		}
	}
	h.StartProfile(nil)
	h.Tick(0.1)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		h.Tick(0.1)
	}
	b.StopTimer()
	if p := h.Profile(); len(p.Tasks) == 0 {
		b.Fatal("the profiler measured nothing")
	}
}
