package host

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"
	"testing/fstest"
	"time"
)

// A sharded host of 3 shards ticks shards 1 and 2 on two workers, started
// by the first frame; Close stops them.
func TestShardWorkersStopAtClose(t *testing.T) {
	before := runtime.NumGoroutine()
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
	if n := runtime.NumGoroutine(); n != before {
		t.Fatalf("%d goroutines before the first tick, want %d (the workers start with the first frame)", n, before)
	}
	for range 3 {
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
	}
	if n := runtime.NumGoroutine(); n != before+2 {
		t.Fatalf("%d goroutines while ticking, want %d (a worker for each of shards 1 and 2)", n, before+2)
	}
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() != before && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n != before {
		t.Fatalf("%d goroutines after Close, want %d", n, before)
	}
}

// Frames further apart than the workers' busy wait find them asleep: each
// is woken, and the agents' results are those of frames back to back.
func TestShardFramesFarApart(t *testing.T) {
	const n, ticks = 8, 6
	run := func(pause time.Duration) string {
		var out bytes.Buffer
		h := shardedHost(t, 2, &out, fstest.MapFS{"npc.lua": {Data: []byte(seededFactory)}})
		for i := range n {
			if _, err := h.Spawn("npc.lua", map[string]any{"name": fmt.Sprintf("a%d", i), "seed": 1000 + i*7919}); err != nil {
				t.Fatal(err)
			}
		}
		for range ticks {
			time.Sleep(pause)
			if err := h.Tick(0.1); err != nil {
				t.Fatal(err)
			}
		}
		return out.String()
	}
	near, far := run(0), run(5*shardSpin)
	if lines := bytes.Count([]byte(far), []byte("\n")); lines != n*ticks {
		t.Fatalf("%d lines printed with frames apart, want %d:\n%s", lines, n*ticks, far)
	}
	if near != far {
		t.Fatalf("frames apart printed\n%s\nframes back to back\n%s", far, near)
	}
}

// A goroutine whose busy wait has run out sleeps, and rouse wakes it
// once its condition holds.
func TestParkingSleepsThenWakes(t *testing.T) {
	p := &parking{wake: make(chan struct{}, 1)}
	var ready, returned = make(chan bool, 1), make(chan struct{})
	flag := false
	go func() {
		p.await(func() bool {
			select {
			case v := <-ready:
				flag = v
			default:
			}
			return flag
		})
		close(returned)
	}()
	deadline := time.Now().Add(5 * time.Second)
	for !p.sleeping.Load() {
		if time.Now().After(deadline) {
			t.Fatal("the waiter did not go to sleep after its busy wait")
		}
		time.Sleep(time.Millisecond)
	}
	select {
	case <-returned:
		t.Fatal("await returned before its condition held")
	default:
	}
	ready <- true
	p.rouse()
	select {
	case <-returned:
	case <-time.After(5 * time.Second):
		t.Fatal("await did not return after rouse")
	}
	if p.sleeping.Load() {
		t.Fatal("sleeping still set after the wake-up")
	}
}
