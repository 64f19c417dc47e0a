package engine

import (
	"errors"
	"fmt"

	"github.com/btlua/btlua/host/internal/entry"
)

// This file holds the guard of every exported method of Host, Agent,
// Globals and Subscription. A Host and its agents are used from one
// goroutine at a time: the goroutine inside a call (Tick, or any other)
// owns the host until the call returns, and the calls it makes from
// inside (an event listener, an OnChange, a Lua leaf given the host, a
// tick gate) nest; a call from another goroutine meanwhile is refused
// (ErrConcurrentUse) instead of reaching Go maps that the owner writes
// (a "concurrent map read and map write" fatal error, which no recover
// catches). A method with an error result returns the refusal; one
// without panics with it, on the caller's goroutine, where recover sees
// it. A nil or zero Host, Agent, Globals or Subscription (not made by
// New, LoadFile, Spawn, Host.Globals or SubscribeWatching) is refused the
// same way (ErrNotMade) rather than dereferencing nil. Interrupt alone
// and Budgeted may be called from any goroutine at any time.
//
// The facade owns its states (state.go) with it: entering the Host enters
// every state, an Agent's methods enter its state alone, and during the
// parallel part of a sharded frame each worker takes over its shard
// (lend), so that the shard's observers and OnChange functions, run on
// that worker, may read its agents while the other goroutines may not.

// ErrConcurrentUse is wrapped by the refusal of a call made while another
// goroutine is inside the host:
// "host: Get called while another goroutine is inside the host ...".
var ErrConcurrentUse = errors.New("host: used from two goroutines at once")

// ErrNotMade is wrapped by the refusal of a call on a nil or zero Host,
// Agent, Globals or Subscription:
// "host: Tick called on a Host not made by host.New (nil or zero)".
var ErrNotMade = errors.New("host: value not made by the host package")

// useError is a refusal of the guard: its message, and the sentinel it
// wraps (ErrConcurrentUse or ErrNotMade).
type useError struct {
	msg  string
	kind error
}

func (e *useError) Error() string { return e.msg }
func (e *useError) Unwrap() error { return e.kind }

// entryGuard records the goroutine inside a host or a state (see the
// top of the file; host/internal/entry).
type entryGuard = entry.Guard

// tryUse lets op in (see the top of the file): nil, and the caller calls
// done when op returns; else the refusal, and the caller must not call
// done.
func (h *Runtime) tryUse(op string) error {
	if h == nil || h.eng == nil {
		return &useError{fmt.Sprintf("host: %s called on a Host not made by host.New (nil or zero)", op), ErrNotMade}
	}
	me := entry.Curg()
	if !h.guard.Enter(me) {
		return concurrentUse(op)
	}
	if h.guard.Outermost() && !h.enterStates(me) {
		h.guard.Leave()
		return concurrentUse(op)
	}
	return nil
}

// enterStates takes every state's guard for the facade's first entry (a
// state's own methods, which the facade calls, then pass).
func (h *Runtime) enterStates(me uintptr) bool {
	states := h.eng.states()
	for i, s := range states {
		if !s.guard.Enter(me) {
			for _, t := range states[:i] {
				t.guard.Leave()
			}
			return false
		}
	}
	return true
}

// concurrentUse is the refusal of op while another goroutine is inside.
func concurrentUse(op string) error {
	return &useError{fmt.Sprintf("host: %s called while another goroutine is inside the host (ticking it, or in another call): "+
		"a Host and its agents are used from one goroutine at a time (Interrupt and Budgeted excepted)", op), ErrConcurrentUse}
}

// use is tryUse for methods without an error result: it panics with the
// refusal. It returns h, for "defer h.use(op).done()".
func (h *Runtime) use(op string) *Runtime {
	if err := h.tryUse(op); err != nil {
		panic(err)
	}
	return h
}

// done ends a call use or tryUse let in.
func (h *Runtime) done() {
	if h.guard.Outermost() {
		for _, s := range h.eng.states() {
			s.guard.Leave()
		}
	}
	h.guard.Leave()
}

// tryUse is Host.tryUse for the methods of the state's agents: the
// state's guard alone.
func (s *state) tryUse(op string) error {
	if !s.guard.Enter(entry.Curg()) {
		return concurrentUse(op)
	}
	return nil
}

// use is tryUse for methods without an error result (see Host.use).
func (s *state) use(op string) *state {
	if err := s.tryUse(op); err != nil {
		panic(err)
	}
	return s
}

// done ends a call use or tryUse let in.
func (s *state) done() { s.guard.Leave() }

// entered is a guard entered by tryUse or use: a Host's or a state's.
type entered interface{ done() }

// made reports whether a is an agent a host made (not nil or zero).
func (a *Agent) made() bool { return a != nil && a.host != nil && a.tree != nil }

// notMadeAgent is the refusal of op on a nil or zero Agent.
func notMadeAgent(op string) error {
	return &useError{fmt.Sprintf("host: %s called on an Agent not made by LoadFile or Spawn (nil or zero)", op), ErrNotMade}
}

// tryUse is Host.tryUse for a method of agent a: a's own state (its
// shard on a sharded host) is entered.
func (a *Agent) tryUse(op string) (*state, error) {
	if !a.made() {
		return nil, notMadeAgent(op)
	}
	return a.host, a.host.tryUse(op)
}

// use is tryUse for methods without an error result (see Host.use).
func (a *Agent) use(op string) *state {
	if !a.made() {
		panic(notMadeAgent(op))
	}
	return a.host.use(op)
}

// tryUse is Host.tryUse for a method of a scope of variables (an
// Agent's or the Globals).
func (v *variables) tryUse(op string) (entered, error) {
	switch {
	case v == nil || (v.host == nil && v.agent == nil):
		return nil, notMadeGlobals(op)
	case v.agent != nil:
		return v.agent.tryUse(op)
	}
	return v.host, v.host.tryUse(op)
}

// use is tryUse for methods without an error result (see Host.use).
func (v *variables) use(op string) entered {
	h, err := v.tryUse(op)
	if err != nil {
		panic(err)
	}
	return h
}
