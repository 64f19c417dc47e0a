package host

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// A sharded host of 3 shards ticks shards 1 and 2 on two workers, started
// by the first frame; Close stops them.
func TestShardWorkersStopAtClose(t *testing.T) {
	before := shardWorkers() // of hosts other tests left open
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, FS: fstest.MapFS{"npc.lua": {Data: []byte(seededFactory)}}, Shards: 3})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		if _, err := h.Spawn("npc.lua", map[string]any{"name": fmt.Sprintf("a%d", i), "seed": 1 + i}); err != nil {
			t.Fatal(err)
		}
	}
	if n := shardWorkers() - before; n != 0 {
		t.Fatalf("%d workers before the first tick, want 0 (they start with the first frame)", n)
	}
	for range 3 {
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
	}
	if n := shardWorkers() - before; n != 2 {
		t.Fatalf("%d workers while ticking, want 2 (one for each of shards 1 and 2)", n)
	}
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	// Close has received each worker's exit; the goroutine returns right
	// after sending it.
	deadline := time.Now().Add(5 * time.Second)
	for shardWorkers() != before && time.Now().Before(deadline) {
		runtime.Gosched()
	}
	if n := shardWorkers() - before; n != 0 {
		t.Fatalf("%d workers after Close, want 0", n)
	}
}

// shardWorkers counts the goroutines running a shard worker's loop, of
// any host of the test binary.
func shardWorkers() int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return strings.Count(string(buf[:n]), "shards.(*Crew).work(")
		}
		buf = make([]byte, 2*len(buf))
	}
}

// Frames further apart than the workers' busy wait find them asleep: each
// is woken, and the agents' results are those of frames back to back.
func TestShardFramesFarApart(t *testing.T) {
	const n, ticks = 8, 6
	run := func(apart bool) string {
		var out bytes.Buffer
		h := shardedHost(t, 2, &out, fstest.MapFS{"npc.lua": {Data: []byte(seededFactory)}})
		for i := range n {
			if _, err := h.Spawn("npc.lua", map[string]any{"name": fmt.Sprintf("a%d", i), "seed": 1000 + i*7919}); err != nil {
				t.Fatal(err)
			}
		}
		for range ticks {
			if c := h.rt.Crew(); apart && c != nil {
				// The next frame comes once every worker sleeps.
				for !c.Asleep() {
					runtime.Gosched()
				}
			}
			if err := h.Tick(0.1); err != nil {
				t.Fatal(err)
			}
		}
		return out.String()
	}
	near, far := run(false), run(true)
	if lines := bytes.Count([]byte(far), []byte("\n")); lines != n*ticks {
		t.Fatalf("%d lines printed with frames apart, want %d:\n%s", lines, n*ticks, far)
	}
	if near != far {
		t.Fatalf("frames apart printed\n%s\nframes back to back\n%s", far, near)
	}
}
