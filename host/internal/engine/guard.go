package engine

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/entry"
)

// TryUse lets op in (see the top of the file): nil, and the caller calls
// done when op returns; else the refusal, and the caller must not call
// done.
func (h *Runtime) TryUse(op string) error {
	if h == nil || h.eng == nil {
		return entry.Refusal(fmt.Sprintf("host: %s called on a Host not made by host.New (nil or zero)", op), entry.ErrNotMade)
	}
	me := entry.Curg()
	if !h.guard.Enter(me) {
		return entry.ConcurrentUse(op)
	}
	if h.guard.Outermost() && !h.enterStates(me) {
		h.guard.Leave()
		return entry.ConcurrentUse(op)
	}
	return nil
}

// enterStates takes every state's guard for the facade's first entry (a
// state's own methods, which the facade calls, then pass).
func (h *Runtime) enterStates(me uintptr) bool {
	states := h.eng.States()
	for i, s := range states {
		if !s.Guard.Enter(me) {
			for _, t := range states[:i] {
				t.Guard.Leave()
			}
			return false
		}
	}
	return true
}

// use is tryUse for methods without an error result: it panics with the
// refusal. It returns h, for "defer h.use(op).done()".
func (h *Runtime) use(op string) *Runtime {
	if err := h.TryUse(op); err != nil {
		panic(err)
	}
	return h
}

// Leave ends a call use or tryUse let in.
func (h *Runtime) Leave() {
	if h.guard.Outermost() {
		for _, s := range h.eng.States() {
			s.Guard.Leave()
		}
	}
	h.guard.Leave()
}
