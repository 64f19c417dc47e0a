package host

import (
	"runtime"
	"testing"
	"time"
)

// BenchmarkReferencePaired ticks two hosts of 1000 agents in turn in one
// process, one with the tree inline and one with it behind a tree
// reference (the worst case of BenchmarkReferenceTick, the warrior of
// BenchmarkReferenceWarrior), and times each host's ticks apart: the
// machine's state (other processes, clock, memory traffic) then drifts
// alike for both, where whole runs one after the other differ by up to
// 2x on shared cores. The order alternates every pair of ticks. It
// reports inline-ns/tick, second-ns/tick (the reference's, or a
// control's) and second/inline, the ratio of their sums; ns/op is one
// tick of each.
func BenchmarkReferencePaired(b *testing.B) {
	clear(pairedRounds)
	cases := []struct {
		name  string
		files func(n int, mode string) map[string]string
		mode  string // the second host's mode
	}{
		{"worst", refBenchFiles, "reference"},
		{"warrior", refWarriorFiles, "reference"},
		// Controls: one more built-in decorator, inline against inline
		// (1.00 when the pairing is fair), and inline with per agent a
		// task and a table that never tick (what the objects a
		// reference keeps, off the tick path, cost by their place in
		// memory alone).
		{"worst-decorated", refBenchFiles, "decorated"},
		{"worst-control", refBenchFiles, "inline"},
		{"worst-unticked", refBenchFiles, "unticked"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			// The host built second lands in other memory; which one it
			// is alternates from round to round (rounds of one N).
			pairedRounds[b.N]++
			first := pairedRounds[b.N] % 2
			var hosts [2]*Host
			for k := range 2 {
				i := (first + k) % 2
				mode := []string{"inline", c.mode}[i]
				h, path := refBenchHost(b, b.TempDir(), c.files(1000, mode))
				defer func() { b.StopTimer(); h.Close() }()
				if _, err := h.LoadFile(path); err != nil {
					b.Fatal(err)
				}
				for range 3 {
					if err := h.Tick(1.0 / 60); err != nil {
						b.Fatal(err)
					}
				}
				hosts[i] = h
			}
			var spent [2]time.Duration
			runtime.GC()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for k := range 2 {
					j := (i + k) % 2
					start := time.Now()
					if err := hosts[j].Tick(1.0 / 60); err != nil {
						b.Fatal(err)
					}
					spent[j] += time.Since(start)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(spent[0].Nanoseconds())/float64(b.N), "inline-ns/tick")
			b.ReportMetric(float64(spent[1].Nanoseconds())/float64(b.N), "second-ns/tick")
			b.ReportMetric(float64(spent[1])/float64(spent[0]), "second/inline")
		})
	}
}

// pairedRounds counts BenchmarkReferencePaired's rounds by b.N, for the
// order in which a round builds its two hosts.
var pairedRounds = map[int]int{}
