package host

import "errors"

// Agents returns the running and finished agents: those LoadFile started
// and those a reload started (a script that returns more trees), in the
// order of the loads; trees a reload removed are no longer listed.
func (h *Host) Agents() []*Agent { return h.agents }

// Tick ticks every running agent once with delta time dt (seconds). An
// agent whose script raises an error is stopped; the others go on. The
// errors of this tick come back joined (nil when none). The error policy
// (Options.ErrorPolicy) may restart a stopped agent after a back-off, or
// end the tick at the first error (a *StrictError).
//
// Each agent's tick runs under the CPU budget (Options.Budget). Tick
// called from inside a tick is refused (see reentry.go).
// A gate (SetTickGate) may skip the tick; listeners of the event stream
// (Subscribe) hear everything it does. A sharded host (Options.Shards >= 1)
// ticks its shards in parallel and returns after all of them (see
// tickShards).
func (h *Host) Tick(dt float64) error {
	if err := h.enterTick(); err != nil {
		return err
	}
	defer h.leaveTick()
	h.ApplyReloads()
	if h.gate != nil && !h.gate() {
		return nil
	}
	h.ticks++
	h.clock += dt
	if h.shard != nil {
		return h.tickShards(dt)
	}
	var e *hub // the event stream, nil when nobody listens
	if h.live() {
		e = h.events
		e.beginTick()
		defer e.endTick() // a strict failure ends the tick early
	}
	var errs []error
	for _, a := range h.agents {
		h.restartIfDue(a, h.clock)
		h.heapTicks.beginAgent()
		err := h.tickAgent(a, dt)
		h.heapTicks.endAgent(a)
		if e != nil {
			e.afterAgent(a, err)
		}
		if err != nil {
			if a.failed(h.clock) {
				return &StrictError{Agent: a, Err: err}
			}
			errs = append(errs, err)
		}
	}
	if h.heapTicks != nil {
		if a := h.heapTicks.afterTick(); a != nil {
			err := h.stopForMemory(a)
			if a.failed(h.clock) {
				return &StrictError{Agent: a, Err: err}
			}
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Done reports whether no agent is running any more (all completed or
// stopped by an error, and none waiting for a restart).
func (h *Host) Done() bool {
	for _, a := range h.agents {
		if _, due := a.RestartDue(); a.Running() || due {
			return false
		}
	}
	return true
}

// Failed returns the agents stopped by an error.
func (h *Host) Failed() []*Agent {
	var out []*Agent
	for _, a := range h.agents {
		if a.Err() != nil {
			out = append(out, a)
		}
	}
	return out
}
