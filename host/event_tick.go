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
	e.send(e.event(EventTickBegin))
	e.sync()
}

// afterAgent reports an agent's tick: its status changes, and an
// EventError the first time it fails.
func (e *hub) afterAgent(a *Agent, err error) {
	var w *watch
	if a.host.frame.holding() {
		w = e.agents[a] // shards tick at once: no place in the order
	} else if w = e.ticking(); w == nil || w.agent != a {
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
	ev := w.event(EventError)
	ev.Err, ev.Node = err, w.errorNode(err)
	w.send(ev)
}

// errorNode returns the node number of the task err blames (the path
// bt.Path spells, in a *luaerr.Error or *luaerr.GoPanic), or none.
func (w *watch) errorNode(err error) NodeRef {
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
		return NodeRef{}
	}
	for i, t := range w.nodes {
		if bt.Path(t) == path {
			return nodeAt(i)
		}
	}
	return NodeRef{}
}

// restarted tells the listeners that the error policy restarted agent
// a's tree (EventRestart); its next error is reported again.
func (h *Host) restarted(a *Agent) {
	e := h.stream()
	if e == nil {
		return
	}
	w := e.agents[a]
	if w == nil {
		return
	}
	w.failed = false
	w.send(w.event(EventRestart))
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
	e.send(e.event(EventTickEnd))
}

// reported tells the listeners about a reload of path.
func (h *Host) reported(path string, rep *ReloadReport, err error) {
	if h.live() {
		ev := h.events.event(EventReload)
		ev.Path, ev.Reload, ev.Err = path, rep, err
		h.events.send(ev)
	}
}

// sortedNames returns the names b itself holds, sorted.
func sortedNames(b *bt.Blackboard) []string {
	names := b.Names()
	slices.Sort(names)
	return names
}
