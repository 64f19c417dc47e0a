package standing

import (
	"github.com/btlua/btlua/host/internal/policy"
	"github.com/btlua/btlua/host/internal/savefile"
)

// Backoff is an agent's place in its error policy's back-off; times are
// the host's tick clock in seconds.
type Backoff struct {
	Own      *policy.Policy // the agent's own policy, or nil for the host's
	At       float64        // tick time of the restart due, valid while the agent has an error
	Delay    float64        // back-off of the last restart, 0 before the first
	LastFail float64        // tick time of the last error
}

// SavePolicy returns the saved state of b (nil when there is none to
// save), with host the host's policy, clock the host's clock and err the
// agent's error (nil when it runs): its own policy, its back-off, and for
// an agent stopped by an error and awaiting its restart, the error and
// when the restart is due, relative to clock; for an agent stopped by an
// error for good, the error and Stopped.
func SavePolicy(b *Backoff, host policy.Policy, clock float64, err error) *savefile.Policy {
	var p savefile.Policy
	pol := host
	if b.Own != nil {
		pol = *b.Own
		p.Own = &savefile.PolicyRule{Action: int(pol.Action), Delay: pol.RestartDelay, MaxDelay: pol.MaxRestartDelay}
	}
	if b.Delay != 0 {
		p.Delay, p.SinceFail = b.Delay, clock-b.LastFail
	}
	if err != nil {
		p.Err = err.Error()
		if pol.Action != policy.Restart || b.Delay == 0 {
			p.Stopped = true
		} else {
			p.RestartIn = b.At - clock
		}
	}
	if p == (savefile.Policy{}) {
		return nil
	}
	return &p
}

// LoadPolicy gives b the saved policy state p (nil: nothing), relative
// to clock, and returns the saved error's text ("" when the agent ran).
func LoadPolicy(b *Backoff, p *savefile.Policy, clock float64) string {
	if p == nil {
		return ""
	}
	if p.Own != nil {
		b.Own = &policy.Policy{Action: policy.Action(p.Own.Action), RestartDelay: p.Own.Delay, MaxRestartDelay: p.Own.MaxDelay}
	}
	b.Delay, b.LastFail = p.Delay, clock-p.SinceFail
	if p.Err != "" {
		b.At = clock + p.RestartIn
	}
	return p.Err
}
