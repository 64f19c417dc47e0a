package persist

import (
	"errors"
	"fmt"
	"math"

	"github.com/btlua/btlua/host/internal/policy"
	"github.com/btlua/btlua/host/internal/savefile"
)

// PolicyRule is the error policy of a saved one.
func PolicyRule(r *savefile.PolicyRule) policy.Policy {
	return policy.Policy{Action: policy.Action(r.Action), RestartDelay: r.Delay, MaxRestartDelay: r.MaxDelay}
}

// CheckPolicy reports whether a saved policy state is usable: its own
// rule is one policy.Check takes, its times are finite seconds >= 0, and
// a restart is due only after an error.
func CheckPolicy(p *savefile.Policy) error {
	if p == nil {
		return nil
	}
	if p.Own != nil {
		if p.Own.Action < 0 || p.Own.Action > int(policy.FailTick) {
			return fmt.Errorf("policy: action %d, want 0 (stop), 1 (restart) or 2 (fail the tick)", p.Own.Action)
		}
		if err := policy.Check(PolicyRule(p.Own)); err != nil {
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
	if p.Stopped && p.Err == "" {
		return errors.New(`policy: "stopped" is true, and no error ("err") stopped the agent`)
	}
	if p.Stopped && p.RestartIn != 0 {
		return errors.New(`policy: "stopped" is true (stopped for good), and a restart is due`)
	}
	return nil
}
