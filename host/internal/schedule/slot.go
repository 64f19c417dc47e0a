package schedule

import (
	"fmt"
	"math"
	"time"
)

// Slot is one agent's schedule: its interval, the frame time owed to it
// since its last tick, whether it waits (due, not run yet) and its
// measured cost. The zero Slot ticks every frame. Plan sets Run and DT.
type Slot struct {
	// Run reports whether the slot runs in the frame Plan decided last,
	// DT with which delta time (seconds).
	Run bool
	DT  float64

	interval float64       // seconds between ticks, 0 every frame
	owed     float64       // frame time since its last tick, seconds
	dueAt    float64       // clock of the first frame it was due at, while waiting
	waiting  bool          // due and not run yet
	started  bool          // has run once
	cost     time.Duration // the estimated cost of a tick, from Observe
	measured bool          // Observe has been called
}

// SetInterval sets the seconds between the slot's ticks (0: every
// frame). A negative, NaN or infinite interval is refused with an error
// naming it, and nothing changes.
func (s *Slot) SetInterval(seconds float64) error {
	if math.IsNaN(seconds) || math.IsInf(seconds, 0) || seconds < 0 {
		return fmt.Errorf("tick interval must be a finite number of seconds >= 0, got %v", seconds)
	}
	s.interval = seconds
	return nil
}

// Interval returns the seconds between the slot's ticks (0: every frame).
func (s *Slot) Interval() float64 { return s.interval }

// Observe records d, the measured cost of the slot's tick: the estimate
// is d the first time, then moves an eighth of the way to each new d.
func (s *Slot) Observe(d time.Duration) {
	if !s.measured {
		s.cost, s.measured = d, true
		return
	}
	s.cost += (d - s.cost) / 8
}

// Cost returns the estimated cost of the slot's tick, and whether it has
// been measured.
func (s *Slot) Cost() (time.Duration, bool) { return s.cost, s.measured }

// dueEpsilon is the slack of the due test, in seconds: frame times summed
// in floating point fall short of the interval they make by a few ulps.
const dueEpsilon = 1e-9

// due reports whether the slot is due with its owed time.
func (s *Slot) due() bool {
	return !s.started || s.owed+dueEpsilon >= s.interval
}
