package warrior

import (
	"fmt"
	"reflect"
	"testing"
)

// run builds n agents of variant and ticks them ticks times.
func run(t testing.TB, variant string, n, ticks int) []int64 {
	t.Helper()
	s, err := New(variant, n)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for tick := 1; tick <= ticks; tick++ {
		if err := s.Tick(tick); err != nil {
			t.Fatal(err)
		}
	}
	h, err := s.Histogram()
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// Every variant produces the same action histogram, every action is
// taken, and the ticks add up. (run.sh compares plain.lua on PUC Lua 5.1
// and LuaJIT with these at 1000 agents.)
func TestVariantsAgree(t *testing.T) {
	const n, ticks = 50, 120
	want := run(t, "glua", n, ticks)
	var sum int64
	for i, c := range want {
		if c == 0 {
			t.Fatalf("%s never taken: %v", Actions[i], want)
		}
		sum += c
	}
	if sum != n*ticks {
		t.Fatalf("histogram %v sums to %d, want %d", want, sum, n*ticks)
	}
	for _, v := range Variants[1:] {
		if got := run(t, v, n, ticks); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v, want %v (glua)", v, got, want)
		}
	}
}

// BenchmarkWarriorTick: one tick of every agent (world and tree), for
// each variant at 100, 1000 and 10000 agents; ns/agent-tick is reported,
// and cpu-ns/agent-tick, the process's CPU time (which moves less than the
// wall time when other work shares the core).
func BenchmarkWarriorTick(b *testing.B) {
	for _, v := range Variants {
		for _, n := range []int{100, 1000, 10000} {
			b.Run(fmt.Sprintf("%s/%d", v, n), func(b *testing.B) {
				s, err := New(v, n)
				if err != nil {
					b.Fatal(err)
				}
				defer s.Close()
				tick := 1
				for ; tick <= 10; tick++ { // warm up caches
					if err := s.Tick(tick); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportAllocs()
				b.ResetTimer()
				cpu := processCPU()
				for i := 0; i < b.N; i++ {
					if err := s.Tick(tick); err != nil {
						b.Fatal(err)
					}
					tick++
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/agent-tick")
				b.ReportMetric(float64(processCPU()-cpu)/float64(b.N)/float64(n), "cpu-ns/agent-tick")
			})
		}
	}
}

// BenchmarkWarriorBuild: building 1000 agents (one op), for each variant;
// µs/agent is reported.
func BenchmarkWarriorBuild(b *testing.B) {
	const n = 1000
	for _, v := range Variants {
		b.Run(v, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				s, err := New(v, n)
				if err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				s.Close()
				b.StartTimer()
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/n, "µs/agent")
		})
	}
}
