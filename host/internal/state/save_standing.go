package state

import (
	"errors"

	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/host/internal/standing"
)

// An agent's standing in a save besides its tree and Lua values: its
// error policy's back-off and its tick schedule (the conversions are
// package standing's), so that a restored agent restarts and ticks at
// the frames it would have.

// ReleaseSlots has the frame planner write the agents' due state back
// into their slots, for a save to read (the next frame reads them again).
func (h *Shared) ReleaseSlots() { h.Plan.Planner.Release() }

// savePolicy returns the state of a's error policy (nil when there is
// none to save), relative to h's clock.
func (h *Shared) savePolicy(a *Agent) *savefile.Policy {
	return standing.SavePolicy(&a.restart, h.Policy, h.TickTime, a.tree.Err)
}

// LoadPolicy gives a the saved policy state, relative to h's clock.
func (h *Shared) LoadPolicy(a *Agent, p *savefile.Policy) {
	if msg := standing.LoadPolicy(&a.restart, p, h.TickTime); msg != "" {
		a.tree.Err = errors.New(msg)
	}
}

// LoadSchedule gives a the saved schedule s (nil: every Tick); with dry
// set it only checks it.
func LoadSchedule(a *Agent, s *savefile.Schedule, dry bool) error {
	if dry {
		return standing.LoadSchedule(nil, s)
	}
	if err := standing.LoadSchedule(&a.Slot, s); err != nil || s == nil {
		return err
	}
	p := a.State.Shared.Plan
	p.Dirty.Store(true)
	if s.Interval > 0 {
		p.Intervals.Store(true)
	}
	return nil
}
