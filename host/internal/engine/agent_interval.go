package engine

import "fmt"

// SetTickInterval sets the seconds of tick time between the agent's
// ticks: the agent ticks at the first Tick at which that much time has
// passed on the host clock since its last tick (or at once, the first
// time), with delta time the time since its last tick, the sum of the
// Ticks' dt in between; 0, the default, ticks it at every Tick. It stays
// the agent's across reloads. A negative, NaN or infinite interval is
// refused with an error naming the agent and the value, and nothing
// changes. With Options.FrameBudget a due agent may tick a frame or more
// late (FrameStats reports the lag). See frame_budget.go.
func (a *Agent) SetTickInterval(seconds float64) error {
	defer a.use("SetTickInterval").done()

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

// TickInterval returns the seconds between the agent's ticks that
// SetTickInterval set (0: every Tick).
func (a *Agent) TickInterval() float64 {
	defer a.use("TickInterval").done()
	return a.slot.Interval()
}
