package stream

import "github.com/btlua/btlua/stdlib/bt"

// Write begins the EventVariable of a blackboard write the host heard
// (its write hook): name written in blackboard b (global: the global
// variables) by task writer (nil when not written by a task). f is the
// frame of the shard whose script wrote it, nil on the classic host. It
// returns the event, with its agent, name and writer filled, for the
// host to set Old and New (converted to Go values only then) and hand to
// SendWrite; or nil when nobody hears the write (a tree no agent runs,
// yet, or an agent nobody watches).
func (e *Hub[A, R]) Write(f *Frame[A, R], b *bt.Blackboard, global bool, name string, writer bt.Task) *Event[A, R] {
	if len(e.subs) == 0 {
		return nil
	}
	holding := f.Holding()
	var w *watch[A, R]
	if !holding {
		w = e.ticking()
	}
	if w == nil || w.tree.Blackboard != b {
		w = e.boards[b]
	}
	if !global && (w == nil || !w.live) {
		return nil
	}
	var ev *Event[A, R]
	if holding {
		ev = f.event(EventVariable)
	} else {
		ev = e.event(EventVariable)
	}
	ev.Name, ev.Global = name, global
	if !global {
		ev.Agent, ev.AgentID = w.agent, w.id
	}
	if writer != nil {
		ev.Writer = writer
		if w != nil {
			ev.WriterNode = w.node(writer)
		}
	}
	return ev
}

// SendWrite sends ev, from Write with the same frame f; by is the agent
// whose script the frame runs, which orders a global write among the
// frame's events.
func (e *Hub[A, R]) SendWrite(f *Frame[A, R], ev *Event[A, R], by A) {
	if f.Holding() {
		if !ev.Global {
			by = ev.Agent
		}
		f.hold(by, ev, e.host.Ticks())
		return
	}
	e.send(ev)
}
