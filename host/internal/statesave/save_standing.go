package statesave

import (
	"errors"

	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/host/internal/standing"
	"github.com/btlua/btlua/host/internal/state"
)

// An agent's standing in a save besides its tree and Lua values: its
// error policy's back-off and its tick schedule (the conversions are
// package standing's), so that a restored agent restarts and ticks at
// the frames it would have.

// ReleaseSlots has the frame planner write the agents' due state back
// into their slots, for a save to read (the next frame reads them again).
func ReleaseSlots(h *state.Shared) { h.Plan.Planner.Release() }

// savePolicy returns the state of a's error policy (nil when there is
// none to save), relative to h's clock.
func savePolicy(h *state.Shared, a *state.Agent) *savefile.Policy {
	return standing.SavePolicy(&a.Restart, h.Policy, h.TickTime, a.Tree().Err)
}

// LoadPolicy gives a the saved policy state, relative to h's clock.
func LoadPolicy(h *state.Shared, a *state.Agent, p *savefile.Policy) {
	if msg := standing.LoadPolicy(&a.Restart, p, h.TickTime); msg != "" {
		a.Tree().Err = errors.New(msg)
	}
}

// LoadSchedule gives a the saved schedule s (nil: every Tick); with dry
// set it only checks it.
func LoadSchedule(a *state.Agent, s *savefile.Schedule, dry bool) error {
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
