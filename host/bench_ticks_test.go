package host

import (
	"runtime"
	"testing"
)

// benchTicks times b.N host ticks of h after 3 untimed ones, starting
// from a collected heap: the build leaves megabytes of garbage, and a
// collection of it falling inside the timed ticks in one mode and not in
// the other cost that mode 5-8% (one 35 ms mark in 100 ticks of 5 ms).
// Besides ns/op (wall time) it reports the process's CPU time per tick
// (cpu-ns/op: on shared cores, the time other processes held the core is
// not in it) and the collections made inside the timed ticks (gcs/op,
// the same in every mode when the ticks allocate alike).
func benchTicks(b *testing.B, h *Host) {
	for i := 0; i < 3; i++ {
		if err := h.Tick(1.0 / 60); err != nil {
			b.Fatal(err)
		}
	}
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	gcs := m.NumGC
	b.ReportAllocs()
	cpu := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := h.Tick(1.0 / 60); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	cpu = cpuTime() - cpu
	runtime.ReadMemStats(&m)
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(m.NumGC-gcs)/float64(b.N), "gcs/op")
}
