package engine

import (
	"fmt"
	"math"

	"github.com/btlua/btlua/host/internal/state"
)

// Agents is host.Host.Agents.
func (h *Runtime) Agents() []*state.Agent {
	defer h.use("Agents").Leave()
	return h.eng.AgentList()
}

// Tick is host.Host.Tick.
func (h *Runtime) Tick(dt float64) error {
	if err := h.TryUse("Tick"); err != nil {
		return err
	}
	defer h.Leave()

	if err := h.RefuseClosed("Tick"); err != nil {
		return err
	}
	if math.IsNaN(dt) || math.IsInf(dt, 0) || dt < 0 {
		return fmt.Errorf("host: Tick: dt must be a finite number of seconds >= 0, got %v", dt)
	}
	if math.IsInf(h.TickTime+dt, 0) {
		return fmt.Errorf("host: Tick: dt %v would take the clock (%v s) past the largest finite number of seconds", dt, h.TickTime)
	}
	if err := h.enterTick(); err != nil {
		return err
	}
	defer h.leaveTick()
	h.ApplyReloads()
	if h.gate != nil && !h.gate() {
		return nil
	}
	h.ticks++
	h.TickTime += dt
	h.planFrame(dt)
	defer h.endFrame()
	var e *state.Hub // the event stream, nil when nobody listens (and in a shard)
	if h.Live() {
		e = h.Events
		e.BeginTick()
		defer e.EndTick() // a strict failure ends the tick early
	}
	return h.eng.TickAgents(dt, e)
}

// Done is host.Host.Done.
func (h *Runtime) Done() bool {
	defer h.use("Done").Leave()

	for _, a := range h.eng.AgentList() {
		if _, due := a.RestartDue(); a.Running() || due {
			return false
		}
	}
	return true
}

// Failed returns the agents stopped by an error.
func (h *Runtime) Failed() []*state.Agent {
	defer h.use("Failed").Leave()

	var out []*state.Agent
	for _, a := range h.eng.AgentList() {
		if a.Err() != nil {
			out = append(out, a)
		}
	}
	return out
}
