package bt_test

import (
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

func ticks(tr *bt.BehaviorTree, dt float64, n int) []bt.Status {
	var out []bt.Status
	for range n {
		out = append(out, tr.Tick(dt))
	}
	return out
}

func eq(a, b []bt.Status) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestWait(t *testing.T) {
	for _, c := range []struct {
		secs, dt float64
		want     []bt.Status
	}{
		{1, 0.5, []bt.Status{R, R, S}},
		{1, 1, []bt.Status{R, S}},
		{0, 1, []bt.Status{S}},
		{1, 0.1, []bt.Status{R, R, R, R, R, R, R, R, R, R, S}},
		{2.5, 1, []bt.Status{R, R, R, S}},
	} {
		tr := bt.NewBehaviorTree(bt.NewWait(c.secs))
		if got := ticks(tr, c.dt, len(c.want)); !eq(got, c.want) {
			t.Errorf("Wait(%v) dt %v: got %v want %v", c.secs, c.dt, got, c.want)
		}
	}
}

func TestWaitRestartsItsClock(t *testing.T) {
	w := bt.NewWait(1)
	tr := bt.NewBehaviorTree(w)
	tr.RestartWhenComplete = true
	if got := ticks(tr, 0.5, 6); !eq(got, []bt.Status{R, R, S, R, R, S}) {
		t.Fatalf("got %v", got)
	}
}

func TestRandomWait(t *testing.T) {
	durations := func(seed uint64) []float64 {
		w := bt.NewRandomWait(1, 3, bt.NewRand(seed))
		tr := bt.NewBehaviorTree(w)
		tr.RestartWhenComplete = true
		var out []float64
		for range 20 {
			if tr.Tick(1) == R && w.Duration() != 0 && (len(out) == 0 || out[len(out)-1] != w.Duration()) {
				out = append(out, w.Duration())
			}
		}
		return out
	}
	a, b := durations(5), durations(5)
	if len(a) == 0 || len(a) != len(b) {
		t.Fatalf("durations %v %v", a, b)
	}
	for i := range a {
		if a[i] != b[i] || a[i] < 1 || a[i] > 3 {
			t.Fatalf("durations %v %v", a, b)
		}
	}
}

func TestIdleAndCondition(t *testing.T) {
	tr := bt.NewBehaviorTree(bt.NewIdle())
	if got := ticks(tr, 1, 3); !eq(got, []bt.Status{R, R, R}) {
		t.Fatalf("idle %v", got)
	}
	v := true
	c := bt.NewCondition(func() bool { return v })
	tr = bt.NewBehaviorTree(c)
	tr.RestartWhenComplete = true
	if tr.Tick(1) != S {
		t.Fatal("true condition failed")
	}
	v = false
	if tr.Tick(1) != F {
		t.Fatal("false condition succeeded")
	}
	if !c.IsConditional() {
		t.Fatal("FuncCondition is not a ConditionalTask")
	}
	if bt.NewBehaviorTree(bt.NewCondition(nil)).Tick(1) != F {
		t.Fatal("nil condition succeeded")
	}
}
