package stream

import (
	"errors"
	"slices"

	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
)

// BeginTick frames a tick for the listeners: EventTickBegin, then the
// watches synced with the host's agents.
func (e *Hub[A, R]) BeginTick() {
	e.send(e.event(EventTickBegin))
	e.sync()
}

// EndTick closes the tick's frame: EventTickEnd.
func (e *Hub[A, R]) EndTick() {
	e.send(e.event(EventTickEnd))
}

// sync brings the watches up to date with the host's agents before a
// tick: new agents and replaced trees get attached (EventTree), removed
// agents are reported (EventRemoved).
func (e *Hub[A, R]) sync() {
	if !e.synced {
		e.synced = true
		e.variables(e.host.Globals(), nil, nil)
	}
	agents := e.host.Agents()
	var seen map[A]bool
	if len(e.agents) > len(agents) {
		seen = map[A]bool{}
	}
	e.next = 0
	relive := e.syncedGen != e.watchGen
	e.syncedGen = e.watchGen
	for i, a := range agents {
		if seen != nil {
			seen[a] = true
		}
		var w *watch[A, R]
		if i < len(e.order) && e.order[i].agent == a {
			w = e.order[i] // the same agent as at the last sync
		} else {
			w = e.agents[a]
		}
		if i < len(e.order) {
			e.order[i] = w
		} else {
			e.order = append(e.order, w)
		}
		if w == nil {
			w = &watch[A, R]{hub: e, agent: a, id: e.idOf(a), frame: e.host.Frame(a)}
			e.agents[a] = w
			e.order[i] = w
		} else if w.current() {
			if relive {
				if e.wants(a) {
					w.observe(true)
				} else {
					w.detach()
				}
			}
			continue
		} else {
			w.detach()
		}
		w.attach()
	}
	clear(e.order[len(agents):])
	e.order = e.order[:len(agents)]
	if seen == nil && len(e.agents) == len(agents) {
		return
	}
	if seen == nil {
		seen = map[A]bool{}
		for _, a := range agents {
			seen[a] = true
		}
	}
	for a, w := range e.agents {
		if !seen[a] {
			w.detach()
			delete(e.agents, a)
			e.send(w.event(EventRemoved))
		}
	}
}

// AfterAgent reports agent a's tick: its status changes, and an
// EventError the first time it fails with err.
func (e *Hub[A, R]) AfterAgent(a A, err error) {
	var w *watch[A, R]
	if e.host.Frame(a).Holding() {
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

// ticking returns the watch of the agent the tick's loop is at, as the
// last sync ordered them (nil past the end): AfterAgent steps to the next.
func (e *Hub[A, R]) ticking() *watch[A, R] {
	if e.next < len(e.order) {
		return e.order[e.next]
	}
	return nil
}

// reportError sends the EventError of err, which stopped the watch's
// tree.
func (w *watch[A, R]) reportError(err error) {
	ev := w.event(EventError)
	ev.Err, ev.Node = err, w.errorNode(err)
	w.send(ev)
}

// errorNode returns the node number of the task err blames (the path
// bt.Path spells, in a *luaerr.Error or *luaerr.GoPanic), or none.
func (w *watch[A, R]) errorNode(err error) NodeRef {
	path := ""
	var le *luaerr.Error
	var gp *luaerr.GoPanic
	switch {
	case errors.As(err, &le):
		path = le.Task
	case errors.As(err, &gp):
		path = gp.Task
	}
	if path == "" || !w.current() {
		return NodeRef{}
	}
	for i, t := range w.nodes {
		if bt.Path(t) == path {
			return NodeAt(i)
		}
	}
	return NodeRef{}
}

// Restarted tells the listeners that the error policy restarted agent
// a's tree, stopped by its EventError (EventRestart); its next error is
// reported again.
func (e *Hub[A, R]) Restarted(a A) {
	w := e.agents[a]
	if w == nil {
		return
	}
	w.failed = false
	w.send(w.event(EventRestart))
}

// Reloaded tells the listeners about a reload of path: its report rep,
// or err why it failed.
func (e *Hub[A, R]) Reloaded(path string, rep R, err error) {
	ev := e.event(EventReload)
	ev.Path, ev.Reload, ev.Err = path, rep, err
	e.send(ev)
}

// variables reports the variables b holds as writes without a writer,
// to subscriber to (to every listener when nil); for w's agent, or the
// global variables when w is nil.
func (e *Hub[A, R]) variables(b *bt.Blackboard, w *watch[A, R], to *Subscriber[A, R]) {
	names := b.Names()
	slices.Sort(names)
	for _, name := range names {
		v, _ := b.Get(name)
		ev := e.event(EventVariable)
		ev.Name, ev.New = name, e.host.Value(v)
		if w != nil {
			ev.Agent, ev.AgentID = w.agent, w.id
		} else {
			ev.Global = true
		}
		e.sendTo(ev, to)
	}
}
