package host

import (
	"errors"
	"fmt"
	"io"
	"testing"
	"testing/fstest"
)

// holdFS spawns agents whose one leaf calls the Go function hold with
// the agent's name every tick.
var holdFS = fstest.MapFS{"hold.lua": {Data: []byte(`local Hold = BTAction:New()
function Hold:OnUpdate() hold(self.who); return BTTaskStatus.Success end
return function(a)
  local t = BTBehaviorTree:New(); t.name = a.name
  local l = Hold:New(); l.who = a.name
  t:SetStartTask(l); t:SetRestartWhenComplete(true)
  return t
end
`)}}

// refusal runs f and returns what it panicked with, or nil.
func refusal(f func()) (p any) {
	defer func() { p = recover() }()
	f()
	return nil
}

// wantConcurrent checks that err (a panic's value or a returned error) is
// the guard's refusal of op.
func wantConcurrent(t *testing.T, op string, got any) {
	t.Helper()
	err, _ := got.(error)
	if want := concurrentUse(op).Error(); err == nil || err.Error() != want || !errors.Is(err, ErrConcurrentUse) {
		t.Errorf("%s from another goroutine during Tick: %v, want the error %q", op, got, want)
	}
}

// A call from another goroutine while Tick runs is refused with
// ErrConcurrentUse (a panic for methods without an error result, the
// error for the others), never a Go fatal error; Close so refused closes
// nothing, the same on the classic and the sharded host, whichever shard
// the tick is in. The ticking goroutines themselves (shard 0's, a
// worker's) still read their agents.
func TestCallsFromAnotherGoroutineDuringTickRefused(t *testing.T) {
	for _, c := range []struct {
		shards int
		holder string
	}{{0, "a"}, {0, "b"}, {2, "a"}, {2, "b"}} {
		t.Run(fmt.Sprintf("shards=%d/holder=%s", c.shards, c.holder), func(t *testing.T) {
			h, err := New(Options{Shards: c.shards, FS: holdFS, Stdout: io.Discard})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			inTick, release := make(chan any), make(chan struct{})
			agents := map[string]*Agent{}
			h.SetGlobal("hold", func(who string) {
				if who == c.holder && release != nil {
					inTick <- agents[who].Get("x") // the ticking goroutine reads its own agent
					<-release
				}
			})
			for _, name := range []string{"a", "b"} {
				a, err := h.Spawn("hold.lua", map[string]any{"name": name})
				if err != nil {
					t.Fatal(err)
				}
				a.Set("x", 7.0)
				agents[name] = a
			}
			if c.shards > 0 && (h.ShardOf(agents["a"]) != 0 || h.ShardOf(agents["b"]) != 1) {
				t.Fatalf("shards of a, b: %d, %d; want 0, 1", h.ShardOf(agents["a"]), h.ShardOf(agents["b"]))
			}
			g := h.Globals()
			ticked := make(chan error)
			go func() { ticked <- h.Tick(0.1) }()
			if got := <-inTick; got != 7.0 {
				t.Errorf("the holder's Get on its ticking goroutine = %v, want 7", got)
			}
			a, b := agents["a"], agents["b"]
			wantConcurrent(t, "Get", refusal(func() { a.Get("x") }))
			wantConcurrent(t, "Set", refusal(func() { b.Set("x", 1.0) }))
			wantConcurrent(t, "Agents", refusal(func() { h.Agents() }))
			wantConcurrent(t, "Running", refusal(func() { b.Running() }))
			wantConcurrent(t, "Subscribe", refusal(func() { h.Subscribe(func(*Event) {}) }))
			wantConcurrent(t, "Set", refusal(func() { g.Set("g", 1.0) }))
			wantConcurrent(t, "Globals", refusal(func() { h.Globals() }))
			_, err = a.GetFloat("x")
			wantConcurrent(t, "GetFloat", err)
			_, err = h.Spawn("hold.lua", map[string]any{"name": "c"})
			wantConcurrent(t, "Spawn", err)
			wantConcurrent(t, "Close", h.Close())
			wantConcurrent(t, "Tick", h.Tick(0.1))
			close(release)
			if err := <-ticked; err != nil {
				t.Fatalf("Tick: %v", err)
			}
			release = nil
			if got := b.Get("x"); got != 7.0 {
				t.Errorf("b.Get after the tick = %v, want 7 (the refused Set wrote nothing)", got)
			}
			if n := len(h.Agents()); n != 2 {
				t.Errorf("%d agents after the tick, want 2 (the refused Spawn added none)", n)
			}
			if err := h.Tick(0.1); err != nil {
				t.Errorf("the next Tick: %v (the refused Close closed nothing)", err)
			}
			if err := h.Close(); err != nil {
				t.Errorf("Close after the tick: %v", err)
			}
			if err := h.Tick(0.1); !errors.Is(err, ErrClosed) {
				t.Errorf("Tick after Close: %v, want ErrClosed", err)
			}
		})
	}
}

// Tick from one goroutine while another is inside the host (a Set whose
// OnChange has not returned) is refused too, and runs once it returned.
func TestTickRefusedWhileAnotherGoroutineInside(t *testing.T) {
	for _, shards := range []int{0, 2} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			h, err := New(Options{Shards: shards, FS: holdFS, Stdout: io.Discard})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			h.SetGlobal("hold", func(string) {})
			var agents []*Agent
			for _, name := range []string{"a", "b"} {
				a, err := h.Spawn("hold.lua", map[string]any{"name": name})
				if err != nil {
					t.Fatal(err)
				}
				agents = append(agents, a)
			}
			b := agents[len(agents)-1]
			inside, release, set := make(chan struct{}), make(chan struct{}), make(chan struct{})
			b.OnChange(func(string, any, any) {
				inside <- struct{}{}
				<-release
			})
			go func() {
				b.Set("x", 1.0)
				close(set)
			}()
			<-inside
			wantConcurrent(t, "Tick", h.Tick(0.1))
			wantConcurrent(t, "Close", h.Close())
			close(release)
			<-set
			if err := h.Tick(0.1); err != nil {
				t.Fatalf("Tick after the Set returned: %v", err)
			}
			if got := h.Ticks(); got != 1 {
				t.Errorf("Ticks = %d, want 1 (the refused Tick did not count)", got)
			}
		})
	}
}

// A nil listener is refused at Subscribe and SubscribeWatching with a
// panic naming the call, and the host ticks on (it used to panic at
// every later Tick, in the hub's send).
func TestSubscribeRefusesNilListener(t *testing.T) {
	h, err := New(Options{FS: holdFS, Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.SetGlobal("hold", func(string) {})
	if _, err := h.Spawn("hold.lua", map[string]any{"name": "a"}); err != nil {
		t.Fatal(err)
	}
	for op, f := range map[string]func(){
		"Subscribe":         func() { h.Subscribe(nil) },
		"SubscribeWatching": func() { h.SubscribeWatching(nil) },
	} {
		want := "host: " + op + ": the listener is nil; give a function that takes the *Event"
		if got := refusal(f); got != want {
			t.Errorf("%s(nil) panicked with %v, want %q", op, got, want)
		}
	}
	var kinds []EventKind
	cancel := h.Subscribe(func(ev *Event) { kinds = append(kinds, ev.Kind) })
	for range 2 {
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
	}
	cancel()
	if len(kinds) == 0 || kinds[0] != EventTickBegin {
		t.Errorf("the listener after the refused ones heard %v, want the ticks' events from EventTickBegin", kinds)
	}
}
