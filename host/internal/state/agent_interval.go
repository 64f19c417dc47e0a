package state

import "fmt"

// SetTickInterval is host.Agent.SetTickInterval.
func (a *Agent) SetTickInterval(seconds float64) error {
	h, err := a.TryUse("SetTickInterval")
	if err != nil {
		return err
	}
	defer h.Leave()

	if err := a.Slot.SetInterval(seconds); err != nil {
		return fmt.Errorf("host: SetTickInterval of %s: %w", a.describe(), err)
	}
	p := a.State.Shared.Plan
	p.Dirty.Store(true)
	if seconds > 0 {
		p.Intervals.Store(true)
	}
	return nil
}

// TickInterval is host.Agent.TickInterval.
func (a *Agent) TickInterval() float64 {
	defer a.use("TickInterval").Leave()
	return a.Slot.Interval()
}
