package engine

import "github.com/btlua/btlua/host/internal/entry"

// Interrupt is host.Host.Interrupt.
func (h *Runtime) Interrupt() bool {
	if h == nil || h.eng == nil {
		panic(entry.Refusal("host: Interrupt called on a Host not made by host.New (nil or zero)", entry.ErrNotMade))
	}
	stopped := false
	for _, s := range h.eng.States() {
		stopped = (s.Budget != nil && s.Budget.Interrupt()) || stopped
	}
	return stopped
}

// Budgeted is host.Host.Budgeted.
func (h *Runtime) Budgeted() bool {
	if h == nil || h.eng == nil {
		panic(entry.Refusal("host: Budgeted called on a Host not made by host.New (nil or zero)", entry.ErrNotMade))
	}
	return h.eng.States()[0].Budget != nil // every state has one, or none
}
