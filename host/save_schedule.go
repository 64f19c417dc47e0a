package host

import (
	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/host/internal/schedule"
)

// The tick schedule of an agent in a save: its tick interval
// (SetTickInterval) and the time since its last tick, so that a restored
// agent ticks at the frames it would have.

// releaseSlots has the frame planner write the agents' due state back
// into their slots, for a save to read (the next frame reads them again).
func (h *shared) releaseSlots() { h.plan.planner.Release() }

// saveSchedule returns a's schedule for a save: nil for an agent that
// ticks at every Tick and is not held back by a frame budget. Call
// releaseSlots first.
func saveSchedule(a *Agent) *savefile.Schedule {
	iv, d := a.slot.Interval(), a.slot.Due()
	if iv == 0 && !d.Waiting {
		return nil
	}
	return &savefile.Schedule{Interval: iv, Since: d.Owed, Waiting: d.Waiting, Started: d.Started}
}

// loadSchedule gives a the saved schedule s (nil: every Tick); with dry
// set it only checks it.
func loadSchedule(a *Agent, s *savefile.Schedule, dry bool) error {
	if s == nil {
		return nil
	}
	slot := &a.slot
	if dry {
		slot = &schedule.Slot{}
	}
	if err := slot.Restore(s.Interval, schedule.Due{Owed: s.Since, Waiting: s.Waiting, Started: s.Started}); err != nil {
		return err
	}
	if !dry {
		p := a.host.sh.plan
		p.dirty.Store(true)
		if s.Interval > 0 {
			p.intervals.Store(true)
		}
	}
	return nil
}
