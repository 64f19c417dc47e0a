package host

import (
	"errors"

	"github.com/btlua/btlua/host/internal/persist"
	"github.com/btlua/btlua/host/internal/savefile"
)

// savePolicy returns the state of a's error policy (nil when there is
// none to save): its own policy, its back-off, and for an agent stopped
// by an error and awaiting its restart, the error and when the restart
// is due, relative to h's clock; for an agent stopped by an error for
// good, the error and Stopped.
func (h *shared) savePolicy(a *Agent) (*savefile.Policy, error) {
	r := &a.restart
	var p savefile.Policy
	pol := h.policy
	if r.policy != nil {
		pol = *r.policy
		p.Own = &savefile.PolicyRule{Action: int(pol.Action), Delay: pol.RestartDelay, MaxDelay: pol.MaxRestartDelay}
	}
	if r.delay != 0 {
		p.Delay, p.SinceFail = r.delay, h.clock-r.lastFail
	}
	if a.tree.Err != nil {
		p.Err = a.tree.Err.Error()
		if pol.Action != RestartAgent || r.delay == 0 {
			p.Stopped = true
		} else {
			p.RestartIn = r.at - h.clock
		}
	}
	if p == (savefile.Policy{}) {
		return nil, nil
	}
	return &p, nil
}

// loadPolicy gives a the saved policy state, relative to h's clock.
func (h *shared) loadPolicy(a *Agent, p *savefile.Policy) {
	if p == nil {
		return
	}
	r := &a.restart
	if p.Own != nil {
		own := persist.PolicyRule(p.Own)
		r.policy = &own
	}
	r.delay, r.lastFail = p.Delay, h.clock-p.SinceFail
	if p.Err != "" {
		a.tree.Err = errors.New(p.Err)
		r.at = h.clock + p.RestartIn
	}
}
