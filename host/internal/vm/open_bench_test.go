package vm

import (
	"io"
	"testing"
)

// BenchmarkOpen is Open and Close of a state as the host opens it for a
// script (BENCHMARKS.md, "Start-up"): the libraries, the limits, no
// sandbox.
func BenchmarkOpen(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		v, err := Open(Options{Stdout: io.Discard, MaxStringSize: 1 << 20})
		if err != nil {
			b.Fatal(err)
		}
		v.Close()
	}
}
