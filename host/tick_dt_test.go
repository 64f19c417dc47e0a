package host

import (
	"fmt"
	"math"
	"testing"
	"testing/fstest"

	"github.com/btlua/btlua/stdlib/bt"
)

// Tick refuses a dt that is NaN, infinite or negative, naming it, and
// changes nothing: the clock, the tick count and the trees stay as they
// were, so a BTWait still completes after the refused ticks. A dt of 0 is
// a tick that advances no time. BTWait:New(1) starts at the first tick's
// clock (0.5) and succeeds once the clock reaches 1.5. Classic and sharded hosts alike.
func TestTickRefusesBadDelta(t *testing.T) {
	for _, shards := range []int{0, 2} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			h, err := New(Options{Shards: shards, FS: fstest.MapFS{"w.lua": {Data: []byte("return BTWait:New(1)")}}})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			agents, err := h.LoadFile("w.lua")
			if err != nil {
				t.Fatal(err)
			}
			if err := h.Tick(0.5); err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				dt   float64
				want string
			}{
				{math.NaN(), "host: Tick: dt must be a finite number of seconds >= 0, got NaN"},
				{-1, "host: Tick: dt must be a finite number of seconds >= 0, got -1"},
				{math.Inf(1), "host: Tick: dt must be a finite number of seconds >= 0, got +Inf"},
				{math.Inf(-1), "host: Tick: dt must be a finite number of seconds >= 0, got -Inf"},
			} {
				err := h.Tick(c.dt)
				if err == nil || err.Error() != c.want {
					t.Errorf("Tick(%v) = %v, want %q", c.dt, err, c.want)
				}
				if h.Clock() != 0.5 || h.Ticks() != 1 || agents[0].Status() != bt.Running {
					t.Errorf("after Tick(%v): clock %v, ticks %d, status %v; want 0.5, 1, Running", c.dt, h.Clock(), h.Ticks(), agents[0].Status())
				}
			}
			var got []string
			for _, dt := range []float64{0, 0.25, 0.25, 0.5} {
				if err := h.Tick(dt); err != nil {
					t.Fatal(err)
				}
				got = append(got, fmt.Sprintf("%v@%v", agents[0].Status(), h.Clock()))
			}
			if want := "[Running@0.5 Running@0.75 Running@1 Success@1.5]"; fmt.Sprint(got) != want {
				t.Errorf("ticks 0, 0.25, 0.25, 0.5: %v, want %s", got, want)
			}
		})
	}
}

// Tick refuses a dt that would take the clock past the largest finite
// float64 (+Inf), naming dt and the clock, and changes nothing; a dt whose
// sum with the clock is finite is a tick as any. Classic and sharded
// hosts alike.
func TestTickRefusesDeltaOverflowingClock(t *testing.T) {
	for _, shards := range []int{0, 2} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			h, err := New(Options{Shards: shards, FS: fstest.MapFS{"w.lua": {Data: []byte("return BTWait:New(1)")}}})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			agents, err := h.LoadFile("w.lua")
			if err != nil {
				t.Fatal(err)
			}
			if err := h.Tick(0.5); err != nil {
				t.Fatal(err)
			}
			if err := h.Tick(math.MaxFloat64 / 2); err != nil {
				t.Fatal(err)
			}
			if h.Clock() != math.MaxFloat64/2 || h.Ticks() != 2 || agents[0].Status() != bt.Success {
				t.Fatalf("after Tick(MaxFloat64/2): clock %v, ticks %d, status %v", h.Clock(), h.Ticks(), agents[0].Status())
			}
			err = h.Tick(math.MaxFloat64)
			want := "host: Tick: dt 1.7976931348623157e+308 would take the clock (8.988465674311579e+307 s) past the largest finite number of seconds"
			if err == nil || err.Error() != want {
				t.Errorf("Tick(MaxFloat64) = %v, want %q", err, want)
			}
			if h.Clock() != math.MaxFloat64/2 || h.Ticks() != 2 {
				t.Errorf("after the refused tick: clock %v, ticks %d; want %v, 2", h.Clock(), h.Ticks(), math.MaxFloat64/2)
			}
		})
	}
}
