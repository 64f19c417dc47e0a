package host

import (
	"errors"
	"fmt"
	"math"

	"github.com/btlua/btlua/host/internal/savefile"
)

// savePolicy returns the state of a's error policy (nil when there is
// none to save): its own policy, its back-off, and for an agent stopped
// by an error and awaiting its restart, the error and when the restart
// is due, relative to h's clock. An agent stopped for good is refused.
func (h *Host) savePolicy(a *Agent) (*savefile.Policy, error) {
	r := &a.restart
	var p savefile.Policy
	pol := a.host.policy
	if r.policy != nil {
		pol = *r.policy
		p.Own = &savefile.PolicyRule{Action: int(pol.Action), Delay: pol.RestartDelay, MaxDelay: pol.MaxRestartDelay}
	}
	if r.delay != 0 {
		p.Delay, p.SinceFail = r.delay, h.clock-r.lastFail
	}
	if a.tree.Err != nil {
		if pol.Action != RestartAgent || r.delay == 0 {
			return nil, fmt.Errorf("it was stopped by an error, which a save does not hold: %v", a.tree.Err)
		}
		p.Err, p.RestartIn = a.tree.Err.Error(), r.at-h.clock
	}
	if p == (savefile.Policy{}) {
		return nil, nil
	}
	return &p, nil
}

// ruleOf is the host's ErrorPolicy of a saved one.
func ruleOf(r *savefile.PolicyRule) ErrorPolicy {
	return ErrorPolicy{Action: ErrorAction(r.Action), RestartDelay: r.Delay, MaxRestartDelay: r.MaxDelay}
}

// checkPolicyState reports whether a saved policy state is usable.
func checkPolicyState(p *savefile.Policy) error {
	if p == nil {
		return nil
	}
	if p.Own != nil {
		if p.Own.Action < 0 || p.Own.Action > int(FailTick) {
			return fmt.Errorf("policy: action %d, want 0 (stop), 1 (restart) or 2 (fail the tick)", p.Own.Action)
		}
		if err := checkPolicy(ruleOf(p.Own)); err != nil {
			return fmt.Errorf("policy: %v", err)
		}
	}
	for _, x := range []struct {
		name string
		v    float64
	}{{"delay", p.Delay}, {"sinceFail", p.SinceFail}, {"restartIn", p.RestartIn}} {
		if math.IsNaN(x.v) || math.IsInf(x.v, 0) || x.v < 0 {
			return fmt.Errorf("policy: %s is %v, want a finite number of seconds >= 0", x.name, x.v)
		}
	}
	if p.Err == "" && p.RestartIn != 0 {
		return errors.New("policy: a restart is due, and no error stopped the agent")
	}
	return nil
}

// loadPolicy gives a the saved policy state, relative to h's clock.
func (h *Host) loadPolicy(a *Agent, p *savefile.Policy) {
	if p == nil {
		return
	}
	r := &a.restart
	if p.Own != nil {
		own := ruleOf(p.Own)
		r.policy = &own
	}
	r.delay, r.lastFail = p.Delay, h.clock-p.SinceFail
	if p.Err != "" {
		a.tree.Err = errors.New(p.Err)
		r.at = h.clock + p.RestartIn
	}
}
