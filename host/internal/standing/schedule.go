package standing

import (
	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/host/internal/schedule"
)

// SaveSchedule returns the saved schedule of an agent's slot: nil for
// one that ticks at every Tick and is not held back by a frame budget.
// The planner holding the slot must Release it first.
func SaveSchedule(slot *schedule.Slot) *savefile.Schedule {
	iv, d := slot.Interval(), slot.Due()
	if iv == 0 && !d.Waiting {
		return nil
	}
	return &savefile.Schedule{Interval: iv, Since: d.Owed, Waiting: d.Waiting, Started: d.Started}
}

// LoadSchedule gives slot the saved schedule s (nil: every Tick, and
// nothing changes); a nil slot only checks s. Its error names the bad
// value, and then nothing changes.
func LoadSchedule(slot *schedule.Slot, s *savefile.Schedule) error {
	if s == nil {
		return nil
	}
	if slot == nil {
		slot = &schedule.Slot{}
	}
	return slot.Restore(s.Interval, schedule.Due{Owed: s.Since, Waiting: s.Waiting, Started: s.Started})
}
