package engine

import "fmt"

// SetTickInterval is host.Agent.SetTickInterval.
func (a *Agent) SetTickInterval(seconds float64) error {
	h, err := a.tryUse("SetTickInterval")
	if err != nil {
		return err
	}
	defer h.done()

	if err := a.slot.SetInterval(seconds); err != nil {
		return fmt.Errorf("host: SetTickInterval of %s: %w", a.describe(), err)
	}
	p := a.host.sh.plan
	p.dirty.Store(true)
	if seconds > 0 {
		p.intervals.Store(true)
	}
	return nil
}

// TickInterval is host.Agent.TickInterval.
func (a *Agent) TickInterval() float64 {
	defer a.use("TickInterval").done()
	return a.slot.Interval()
}
