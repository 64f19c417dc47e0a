// Command warrior runs the warrior-AI benchmark in process: one variant
// of bench/warrior for N agents and T ticks. It prints the action
// histogram on stdout (one "action count" line each, as plain.lua does)
// and the build and tick times, agent-ticks per second and the peak
// resident memory of the process on stderr.
//
//	go run ./bench/warrior/cmd/warrior -variant goconds -agents 1000 -ticks 600
package main

import (
	"flag"
	"fmt"
	"os"
	"syscall"
	"time"

	"github.com/btlua/btlua/bench/warrior"
)

func main() {
	variant := flag.String("variant", "goconds", "glua, luacond, goconds or native")
	agents := flag.Int("agents", 1000, "number of agents")
	ticks := flag.Int("ticks", 600, "ticks to run")
	flag.Parse()
	t0 := time.Now()
	s, err := warrior.New(*variant, *agents)
	if err != nil {
		fmt.Fprintln(os.Stderr, "warrior:", err)
		os.Exit(1)
	}
	t1 := time.Now()
	for tick := 1; tick <= *ticks; tick++ {
		if err := s.Tick(tick); err != nil {
			fmt.Fprintln(os.Stderr, "warrior:", err)
			os.Exit(1)
		}
	}
	t2 := time.Now()
	h, err := s.Histogram()
	if err != nil {
		fmt.Fprintln(os.Stderr, "warrior:", err)
		os.Exit(1)
	}
	for i, a := range warrior.Actions {
		fmt.Printf("%s %d\n", a, h[i])
	}
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	build, run := t1.Sub(t0).Seconds(), t2.Sub(t1).Seconds()
	fmt.Fprintf(os.Stderr, "build %.3f s (%.2f us/agent), ticks %.3f s, %.0f agent-ticks/s, peak RSS %.1f MiB\n",
		build, build/float64(*agents)*1e6, run, float64(*agents**ticks)/run, float64(ru.Maxrss)/1024)
}
