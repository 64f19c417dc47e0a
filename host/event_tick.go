package host

import (
	"errors"
	"slices"

	"github.com/btlua/btlua/lua/luaerr"
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
		w.reportError(err)
	}
}

// reportError sends the EventError of err, which stopped the watch's
// tree.
func (w *watch) reportError(err error) {
	ev := w.hub.slot()
	*ev = Event{Kind: EventError, Agent: w.agent, AgentID: w.id, Err: err, Node: w.errorNode(err), ByNode: -1, WriterNode: -1}
	w.hub.send(ev)
}

// errorNode returns the node number of the task err blames (the path
// bt.Path spells, in a *luaerr.Error or *luaerr.GoPanic), or -1.
func (w *watch) errorNode(err error) int {
	path := ""
	var le *luaerr.Error
	var gp *luaerr.GoPanic
	switch {
	case errors.As(err, &le):
		path = le.Task
	case errors.As(err, &gp):
		path = gp.Task
	}
	if path == "" || w.tree != w.agent.tree.BT {
		return -1
	}
	for i, t := range w.nodes {
		if bt.Path(t) == path {
			return i
		}
	}
	return -1
}

// restarted tells the listeners that the error policy restarted agent
// a's tree (EventRestart); its next error is reported again.
func (h *Host) restarted(a *Agent) {
	if !h.live() {
		return
	}
	w := h.events.agents[a]
	if w == nil {
		return
	}
	w.failed = false
	ev := h.events.slot()
	*ev = Event{Kind: EventRestart, Agent: a, AgentID: w.id, Node: -1, ByNode: -1, WriterNode: -1}
	h.events.send(ev)
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
