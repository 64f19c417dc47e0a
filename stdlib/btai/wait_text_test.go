package btai

import (
	"math"
	"testing"
)

// A Wait's text shows the seconds elapsed of the wait under way over its
// duration: 0 before its first tick (not the duration), the time since
// it was armed while it runs, the duration once it succeeded; seconds are
// printed rounded to microseconds, without float noise.
func TestWaitText(t *testing.T) {
	clk := &clock{now: 1}
	a, b := 0.1, 0.2
	w := NewWait(a+b, clk.Now) // 0.30000000000000004
	var got []string
	note := func() { got = append(got, w.String()) }
	note()
	w.Tick() // armed at 1: deadline 1.3
	note()
	clk.now = 1.1
	note()
	clk.now = 1.2
	w.Tick()
	note()
	clk.now = 1.3
	if w.Tick() != Success {
		t.Fatal("not over at the deadline")
	}
	note()
	clk.now = 1.4
	w.Tick() // a new wait
	note()
	want := []string{
		"Wait : 0 / 0.3",
		"Wait : 0 / 0.3",
		"Wait : 0.1 / 0.3",
		"Wait : 0.2 / 0.3",
		"Wait : 0.3 / 0.3",
		"Wait : 0 / 0.3",
	}
	for i := range want {
		if i >= len(got) || got[i] != want[i] {
			t.Fatalf("texts %q\nwant  %q", got, want)
		}
	}
	if s := NewWait(1.0/3, clk.Now).String(); s != "Wait : 0 / 0.333333" {
		t.Errorf("1/3 s: %q", s)
	}
	if s := NewWait(math.MaxFloat64, clk.Now).String(); s != "Wait : 0 / 1.7976931348623157e+308" {
		t.Errorf("for ever: %q", s)
	}
}
