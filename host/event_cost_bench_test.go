//go:build unix

package host

import (
	"slices"
	"syscall"
	"testing"
	"time"
)

// BenchmarkEventStreamListenerCost measures what a no-op listener costs a
// tick of 1000 guard agents on a busy machine: two crowds in the same
// process, one with nothing listening and one with a listener that does
// nothing, ticked in alternating slices of 4 ticks (one op is one pair of
// slices), each slice timed by the process's CPU time (getrusage), so
// that both see the same machine. It reports the median CPU time per
// tick of each (plain-cpu-ms/tick, noop-cpu-ms/tick) and the median of
// the pairs' ratios as the listener's cost (listener-%). Run it with
// GOMAXPROCS=1, so that the process's CPU time is the tick's.
func BenchmarkEventStreamListenerCost(b *testing.B) {
	plain, noop := guardCrowd(b, 0), guardCrowd(b, 0)
	defer plain.Close()
	defer noop.Close()
	noop.Subscribe(func(*Event) {})
	noop.Tick(0.1) // its trees reported
	const slice = 4
	run := func(h *Host) time.Duration {
		t0 := cpuTime()
		for range slice {
			h.Tick(0.1)
		}
		return cpuTime() - t0
	}
	var ps, ns, ratios []float64
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		var p, n time.Duration
		if i%2 == 0 { // alternate which goes first
			p, n = run(plain), run(noop)
		} else {
			n, p = run(noop), run(plain)
		}
		ps = append(ps, float64(p)/slice/1e6)
		ns = append(ns, float64(n)/slice/1e6)
		if p > 0 {
			ratios = append(ratios, float64(n)/float64(p))
		}
	}
	b.ReportMetric(median(ps), "plain-cpu-ms/tick")
	b.ReportMetric(median(ns), "noop-cpu-ms/tick")
	if len(ratios) > 0 {
		b.ReportMetric((median(ratios)-1)*100, "listener-%")
	}
}

// cpuTime returns the process's CPU time so far (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// median returns the median of l (0 for none); l is sorted.
func median(l []float64) float64 {
	if len(l) == 0 {
		return 0
	}
	slices.Sort(l)
	if len(l)%2 == 1 {
		return l[len(l)/2]
	}
	return (l[len(l)/2-1] + l[len(l)/2]) / 2
}
