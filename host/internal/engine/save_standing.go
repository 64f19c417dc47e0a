package engine

import (
	"errors"

	"github.com/btlua/btlua/host/internal/savefile"
	"github.com/btlua/btlua/host/internal/standing"
)

// An agent's standing in a save besides its tree and Lua values: its
// error policy's back-off and its tick schedule (the conversions are
// package standing's), so that a restored agent restarts and ticks at
// the frames it would have.

// releaseSlots has the frame planner write the agents' due state back
// into their slots, for a save to read (the next frame reads them again).
func (h *shared) releaseSlots() { h.plan.planner.Release() }

// savePolicy returns the state of a's error policy (nil when there is
// none to save), relative to h's clock.
func (h *shared) savePolicy(a *Agent) *savefile.Policy {
	return standing.SavePolicy(&a.restart, h.policy, h.clock, a.tree.Err)
}

// loadPolicy gives a the saved policy state, relative to h's clock.
func (h *shared) loadPolicy(a *Agent, p *savefile.Policy) {
	if msg := standing.LoadPolicy(&a.restart, p, h.clock); msg != "" {
		a.tree.Err = errors.New(msg)
	}
}

// loadSchedule gives a the saved schedule s (nil: every Tick); with dry
// set it only checks it.
func loadSchedule(a *Agent, s *savefile.Schedule, dry bool) error {
	if dry {
		return standing.LoadSchedule(nil, s)
	}
	if err := standing.LoadSchedule(&a.slot, s); err != nil || s == nil {
		return err
	}
	p := a.host.sh.plan
	p.dirty.Store(true)
	if s.Interval > 0 {
		p.intervals.Store(true)
	}
	return nil
}
