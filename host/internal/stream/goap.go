package stream

import (
	"github.com/btlua/btlua/lua/goaplib"
	"github.com/btlua/btlua/stdlib/goap"
)

// goapWatch is the observer the event stream installs on a GOAP agent
// that tasks of a watched tree run (BTGoapAgentTask): it turns the
// agent's events into EventGoap, attributed to the task that runs.
type goapWatch[A comparable, R any] struct {
	w     *watch[A, R]
	agent *goap.Agent
	prev  goap.AgentObserver // the agent's observer before the watch
	// nodes are the node numbers of the tasks running the agent; cur is
	// the one the last event belonged to.
	nodes []int
	cur   int
	// last is the event being reported (Event.Goap points to it).
	last goap.AgentEvent
}

// AgentEvent reports ev as an EventGoap and passes it on.
func (g *goapWatch[A, R]) AgentEvent(ge goap.AgentEvent) {
	for _, n := range g.nodes {
		if g.w.nodes[n].Base().Started() {
			g.cur = n
			break
		}
	}
	g.last = ge
	ev := g.w.taskEvent(EventGoap, g.w.nodes[g.cur], NodeAt(g.cur))
	ev.Goap, ev.GoapAgent = &g.last, g.agent
	g.w.send(ev)
	if g.prev != nil {
		g.prev.AgentEvent(ge)
	}
}

// attachGoap installs a goapWatch on each GOAP agent the tree's tasks run
// (one per agent, however many tasks share it).
func (w *watch[A, R]) attachGoap() {
	w.goaps = w.goaps[:0]
	for i, t := range w.nodes {
		ag, ok := goaplib.TaskAgent(t)
		if !ok {
			continue
		}
		var g *goapWatch[A, R]
		for _, x := range w.goaps {
			if x.agent == ag {
				g = x
			}
		}
		if g == nil {
			g = &goapWatch[A, R]{w: w, agent: ag, prev: ag.Observer, cur: i}
			ag.Observer = g
			w.goaps = append(w.goaps, g)
		}
		g.nodes = append(g.nodes, i)
	}
}

// detachGoap removes the watch's observers from their agents.
func (w *watch[A, R]) detachGoap() {
	for _, g := range w.goaps {
		if g.agent.Observer == goap.AgentObserver(g) {
			g.agent.Observer = g.prev
		}
	}
	w.goaps = w.goaps[:0]
}
