package state

import (
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

// EntryGuard records the goroutine inside a host or a state (see the
// top of the file; host/internal/entry).
type EntryGuard = entry.Guard

// TryUse is Host.TryUse for the methods of the state's agents: the
// state's guard alone.
func (s *State) TryUse(op string) error {
	if !s.Guard.Enter(entry.Curg()) {
		return entry.ConcurrentUse(op)
	}
	return nil
}

// use is tryUse for methods without an error result (see Host.use).
func (s *State) use(op string) *State {
	if err := s.TryUse(op); err != nil {
		panic(err)
	}
	return s
}

// Leave ends a call use or tryUse let in.
func (s *State) Leave() { s.Guard.Leave() }

// Entered is a guard Entered by tryUse or use: a Host's or a state's.
type Entered interface{ Leave() }

// made reports whether a is an agent a host made (not nil or zero).
func (a *Agent) made() bool { return a != nil && a.State != nil && a.tree != nil }

// notMadeAgent is the refusal of op on a nil or zero Agent.
func notMadeAgent(op string) error {
	return entry.Refusal(fmt.Sprintf("host: %s called on an Agent not made by LoadFile or Spawn (nil or zero)", op), entry.ErrNotMade)
}

// TryUse is Host.TryUse for a method of agent a: a's own state (its
// shard on a sharded host) is entered.
func (a *Agent) TryUse(op string) (*State, error) {
	if !a.made() {
		return nil, notMadeAgent(op)
	}
	return a.State, a.State.TryUse(op)
}

// Use is TryUse for methods without an error result: it panics with
// the refusal (see Host.use).
func (a *Agent) Use(op string) *State {
	if !a.made() {
		panic(notMadeAgent(op))
	}
	return a.State.use(op)
}
