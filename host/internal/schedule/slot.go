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

	interval float64 // seconds between ticks, 0 every frame
	// owed (frame time since its last tick, seconds), waiting (due and
	// not run yet) and started (has run once) are the slot's due state
	// while no planner holds it (see hot).
	owed             float64
	waiting, started bool
	dueAt            float64       // clock of the first frame it was due at, while waiting
	cost             time.Duration // the estimated cost of a tick, from Observe
	measured         bool          // Observe has been called
	// index is the slot's place in the arrays of the planner that last
	// read it (valid while that planner's slot there is this one).
	index int32
}

// SetInterval sets the seconds between the slot's ticks (0: every
// frame); a planner that holds the slot sees it after its Invalidate. A
// negative, NaN or infinite interval is refused with an error naming it,
// and nothing changes.
func (s *Slot) SetInterval(seconds float64) error {
	if math.IsNaN(seconds) || math.IsInf(seconds, 0) || seconds < 0 {
		return fmt.Errorf("tick interval must be a finite number of seconds >= 0, got %v", seconds)
	}
	s.interval = seconds
	return nil
}

// Interval returns the seconds between the slot's ticks (0: every frame).
func (s *Slot) Interval() float64 { return s.interval }

// estimate returns the estimate cur (none yet unless measured) moved
// towards the new measure d: d the first time; then a d below cur moves
// it half way down to d, and a d above it an eighth of the way up to d,
// counting at most twice cur (plus 1 µs, so that an estimate of 0 can
// grow): one slow measure (a collection, the thread preempted, a first
// tick's start-up) moves it little, and cheaper ones bring it back soon.
func estimate(cur, d time.Duration, measured bool) time.Duration {
	switch {
	case !measured:
		return d
	case d < cur:
		return cur - (cur-d)/2
	default:
		return cur + (min(d, 2*cur+time.Microsecond)-cur)/8
	}
}

// Cost returns the estimated cost of the slot's tick, and whether it has
// been measured.
func (s *Slot) Cost() (time.Duration, bool) { return s.cost, s.measured }

// dueEpsilon is the slack of the due test, in seconds: frame times summed
// in floating point fall short of the interval they make by a few ulps.
const dueEpsilon = 1e-9
