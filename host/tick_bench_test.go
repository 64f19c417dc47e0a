package host

import (
	"io"
	"path/filepath"
	"testing"
)

// benchGuard is the inspector's guard tree (inspect/testdata/guard.lua,
// with ENEMY_AT = -1 as the inspector's benchmark sets it): a
// LowerPriority guard evaluated again on every tick, and a Lua action
// writing the blackboard.
var benchGuard = filepath.Join("..", "inspect", "testdata", "guard.lua")

// BenchmarkHostTick1000Agents ticks a host of 1000 agents (the guard
// tree, seven tasks, a Lua conditional and a blackboard write per tick)
// with nobody listening to the event stream: the baseline of the
// inspector's overhead (BENCHMARKS.md). One op is one host tick.
func BenchmarkHostTick1000Agents(b *testing.B) {
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
	h.Tick(0.1)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		h.Tick(0.1)
	}
}
