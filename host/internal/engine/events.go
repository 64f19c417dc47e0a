package engine

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/entry"
	"github.com/btlua/btlua/host/internal/state"
	"github.com/btlua/btlua/host/internal/stream"
	"github.com/btlua/btlua/lua/btlib"
)

// Event is an event of the engine's stream, keyed by its agents (the
// facade relabels it as a host.Event).
type Event = stream.Event[*state.Agent, *state.ReloadReport]

// Subscribe is host.Host.Subscribe.
func (h *Runtime) Subscribe(fn func(*Event)) (cancel func()) {
	defer h.use("Subscribe").Leave()

	s := &subscriber{Fn: fn, All: true}
	h.subscribe(s, "Subscribe")
	return func() {
		defer h.use("Subscribe's cancel").Leave()
		h.unsubscribe(s)
	}
}

// subscribe adds s to the listeners, starting the hub and the write hooks
// for the first.
func (h *Runtime) subscribe(s *subscriber, op string) {
	if s.Fn == nil {
		panic(fmt.Sprintf("host: %s: the listener is nil; give a function that takes the *Event", op))
	}
	if h.RefuseClosed("Subscribe") != nil {
		return
	}
	if h.Events == nil {
		h.Events = stream.New[*state.Agent, *state.ReloadReport](streamHost{h})
	}
	if h.Events.Subscribe(s) {
		h.hookWrites(true)
	}
}

// Subscription is a listener of the event stream that hears the events
// of an agent's runs (EventStarted, EventStatus, EventEnded,
// EventState), of its blackboard (EventVariable), its GOAP agents and
// BTAI trees only for the agents it watches (Watch); the rest (ticks,
// every agent's EventTree, EventError and EventRemoved, global variables,
// reloads) it hears as Subscribe's listeners do. While no listener
// watches an agent, its tree has no observer: a debugger that shows one
// agent at a time costs the others next to nothing.
type Subscription struct {
	h *Runtime
	s *subscriber
}

// SubscribeWatching is host.Host.SubscribeWatching.
func (h *Runtime) SubscribeWatching(fn func(*Event)) *Subscription {
	defer h.use("SubscribeWatching").Leave()

	s := &subscriber{Fn: fn, Agents: map[*state.Agent]bool{}}
	h.subscribe(s, "SubscribeWatching")
	return &Subscription{h: h, s: s}
}

// Watch is host.Subscription.Watch.
func (s *Subscription) Watch(a *state.Agent, on bool) {
	defer s.use("Watch").Leave()

	if !s.h.owns(a) || s.s.Agents[a] == on {
		return
	}
	if on {
		s.s.Agents[a] = true
	} else {
		delete(s.s.Agents, a)
	}
	if e := s.h.Events; e != nil {
		// Reported already: now, so that a paused debugger shows it.
		e.Watched(s.s, a, on)
	}
}

// Cancel removes the listener.
func (s *Subscription) Cancel() {
	defer s.use("Cancel").Leave()
	s.h.unsubscribe(s.s)
}

// use is Host.use for a method of s; a nil or zero Subscription is
// refused (ErrNotMade).
func (s *Subscription) use(op string) *Runtime {
	if s == nil || s.s == nil {
		panic(entry.Refusal(fmt.Sprintf("host: %s called on a Subscription not made by SubscribeWatching (nil or zero)", op), entry.ErrNotMade))
	}
	return s.h.use(op)
}

func (h *Runtime) unsubscribe(s *subscriber) {
	// The hub stays (it keeps the agents' numbers) without watches: a
	// later Subscribe reports every tree again.
	if e := h.Events; e != nil && e.Unsubscribe(s) {
		h.hookWrites(false)
	}
}

// Ticks is host.Host.Ticks.
func (h *Runtime) Ticks() uint64 {
	defer h.use("Ticks").Leave()
	return h.ticks
}

// SetTickGate is host.Host.SetTickGate.
func (h *Runtime) SetTickGate(gate func() bool) {
	defer h.use("SetTickGate").Leave()
	h.gate = gate
}

// subscriber is one listener; a pointer, so that cancel finds it. All
// is set for Subscribe's listeners; the others hear the agents' events
// of the agents in Agents only (Subscription).
type subscriber = stream.Subscriber[*state.Agent, *state.ReloadReport]

// AgentID is host.Host.AgentID.
func (h *Runtime) AgentID(a *state.Agent) int {
	defer h.use("AgentID").Leave()

	if !h.owns(a) {
		return 0
	}
	return h.Events.AgentID(a)
}

// hookWrites installs (on) or removes the blackboard write hook of every
// Lua state whose scripts run: h's, or each shard's.
func (h *Runtime) hookWrites(on bool) {
	for _, s := range h.eng.States() {
		var fn func(btlib.VariableWrite)
		if on {
			s.Part.HoldEvents()
			fn = func(v btlib.VariableWrite) { h.WriteIn(s, v) }
		}
		s.VM.Lib.SetWriteHook(fn)
	}
}
