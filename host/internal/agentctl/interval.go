package agentctl

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/state"
)

// SetTickInterval is host.Agent.SetTickInterval: a ticks every seconds
// of tick time (0: every Tick); a negative, NaN or infinite interval is
// refused with an error naming the agent, and nothing changes. The
// frame planner is told to plan again.
func SetTickInterval(a *state.Agent, seconds float64) error {
	h, err := a.TryUse("SetTickInterval")
	if err != nil {
		return err
	}
	defer h.Leave()

	if err := a.Slot.SetInterval(seconds); err != nil {
		return fmt.Errorf("host: SetTickInterval of %s: %w", a.Described(), err)
	}
	p := a.State.Shared.Plan
	p.Dirty.Store(true)
	if seconds > 0 {
		p.Intervals.Store(true)
	}
	return nil
}

// TickInterval is host.Agent.TickInterval: the seconds SetTickInterval
// set.
func TickInterval(a *state.Agent) float64 {
	defer a.Use("TickInterval").Leave()
	return a.Slot.Interval()
}
