package host

import (
	"slices"

	"github.com/btlua/btlua/stdlib/bt"
)

// beginTick frames a tick for the listeners: EventTickBegin, then the
// watches synced with the agents.
func (e *hub) beginTick() {
	ev := e.slot()
	*ev = Event{Kind: EventTickBegin, Node: -1, ByNode: -1, WriterNode: -1}
	e.send(ev)
	e.sync()
}

// afterAgent reports an agent's tick: its status changes, and an
// EventError the first time it fails.
func (e *hub) afterAgent(a *Agent, err error) {
	w := e.ticking()
	if w == nil || w.agent != a {
		w = e.agents[a]
	} else {
		e.next++
	}
	if w == nil {
		return
	}
	if w.live {
		w.statuses()
	}
	if err != nil && !w.failed {
		w.failed = true
		ev := e.slot()
		*ev = Event{Kind: EventError, Agent: a, AgentID: w.id, Err: err, Node: -1, ByNode: -1, WriterNode: -1}
		e.send(ev)
	}
}

// ticking returns the watch of the agent the tick's loop is at, as the
// last sync ordered them (nil past the end): afterAgent steps to the next.
func (e *hub) ticking() *watch {
	if e.next < len(e.order) {
		return e.order[e.next]
	}
	return nil
}

// endTick closes the tick's frame: EventTickEnd.
func (e *hub) endTick() {
	ev := e.slot()
	*ev = Event{Kind: EventTickEnd, Node: -1, ByNode: -1, WriterNode: -1}
	e.send(ev)
}

// reported tells the listeners about a reload of path.
func (h *Host) reported(path string, rep *ReloadReport, err error) {
	if h.live() {
		ev := h.events.slot()
		*ev = Event{Kind: EventReload, Path: path, Reload: rep, Err: err, Node: -1, ByNode: -1, WriterNode: -1}
		h.events.send(ev)
	}
}

// sortedNames returns the names b itself holds, sorted.
func sortedNames(b *bt.Blackboard) []string {
	names := b.Names()
	slices.Sort(names)
	return names
}
