package schedule

import (
	"fmt"
	"math"
)

// Due is a slot's due state, what decides its next ticks besides its
// interval: Owed, the frame time (seconds) since its last tick; Waiting,
// due and not run yet (a frame budget held it back); Started, it has run
// once (the first time it runs at once).
type Due struct {
	Owed             float64
	Waiting, Started bool
}

// MaxOwed bounds a restored slot's owed time and interval, in seconds
// (2^40, as a save's host clock).
const MaxOwed = 1 << 40

// Due returns the slot's due state; a planner that holds the slot must
// Release it first.
func (s *Slot) Due() Due { return Due{s.owed, s.waiting, s.started} }

// Restore sets the slot's interval (seconds) and due state, as a save
// held them; a planner that holds the slot sees them after its
// Invalidate. An interval or owed time that is negative, NaN, infinite
// or over MaxOwed is refused with an error naming it, and nothing
// changes.
func (s *Slot) Restore(interval float64, d Due) error {
	for _, v := range []struct {
		what string
		x    float64
	}{{"tick interval", interval}, {"time since the last tick", d.Owed}} {
		if math.IsNaN(v.x) || math.IsInf(v.x, 0) || v.x < 0 || v.x > MaxOwed {
			return fmt.Errorf("%s is %v, want a finite number of seconds in [0, 2^40]", v.what, v.x)
		}
	}
	s.interval, s.owed, s.waiting, s.started = interval, d.Owed, d.Waiting, d.Started
	return nil
}

// Release writes the due state the planner keeps of its slots back into
// them and lets them go: the next Plan reads every slot again (as after
// Invalidate).
func (p *Planner) Release() {
	for i, s := range p.slots {
		h := &p.hot[i]
		s.owed, s.waiting, s.started, s.dueAt = h.owed, h.waiting, h.started, h.dueAt
		s.Run = false
	}
	p.slots, p.hot, p.run = p.slots[:0], p.hot[:0], p.run[:0]
	p.stale = true
}
