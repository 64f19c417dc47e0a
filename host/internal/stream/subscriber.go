package stream

// Subscriber is one listener; a pointer, so that Unsubscribe finds it.
// All is set for the listeners that hear every agent; the others hear
// the agents' runs, writes, GOAP and BTAI events of the agents in Agents
// only (the host's Subscription).
type Subscriber[A comparable, R any] struct {
	Fn     func(*Event[A, R])
	All    bool
	Agents map[A]bool
}

// hears reports whether a subscriber that watches some agents only
// hears ev: every event but an agent's runs, writes, GOAP and BTAI
// events, which only those of the agents it watches.
func (s *Subscriber[A, R]) hears(ev *Event[A, R]) bool {
	switch ev.Kind {
	case EventStarted, EventStatus, EventEnded, EventGoap, EventBTAI, EventState:
		return s.Agents[ev.Agent]
	case EventVariable:
		var none A
		return ev.Agent == none || s.Agents[ev.Agent]
	}
	return true
}
