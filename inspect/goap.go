package inspect

import (
	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/stdlib/goap"
)

// GoapView is a GOAP agent run by tasks of an agent's tree (BTGoapAgentTask)
// as the page shows it: goap.AgentState as JSON, with the agent's recent
// events. A "goap" record carries one, with the events of its tick.
type GoapView struct {
	// Key is the node number of the first task of the tree that runs the
	// agent (its identity in the view); Node the task its last event
	// belonged to.
	Key  int `json:"key"`
	Node int `json:"node"`
	// State is the FSM state the next update runs; Stack the FSM stack,
	// bottom first.
	State string   `json:"state"`
	Stack []string `json:"stack"`
	// Goal and Priority: the running goal ("" and 0 when idle; HasGoal
	// tells an unnamed goal from none).
	HasGoal  bool    `json:"hasGoal,omitempty"`
	Goal     string  `json:"goal,omitempty"`
	Priority float64 `json:"priority,omitempty"`
	// Plan is the running plan's steps with their costs, Cost its total;
	// Current the step under way (-1 when idle), Started whether it has
	// started.
	Plan    []GoapStep `json:"plan"`
	Cost    float64    `json:"cost,omitempty"`
	Current int        `json:"current"`
	Started bool       `json:"started,omitempty"`
	// Interrupting names the goal that ends the plan at its next safe
	// point; Backoff the ticks planning still waits.
	Interrupting string `json:"interrupting,omitempty"`
	Backoff      int    `json:"backoff,omitempty"`
	// Last is the agent's last planner run (nil before the first).
	Last *PlannerView `json:"last,omitempty"`
	// Events are the agent's events (goap.AgentEvent.String), the
	// tick's in a record, the recent ones (up to goapEventsKept) in a view.
	Events []GoapEvent `json:"events,omitempty"`
}

// GoapStep is one step of a plan: the action's name and cost.
type GoapStep struct {
	Action string  `json:"action"`
	Cost   float64 `json:"cost"`
}

// PlannerView is the figures of a planner run (goap.PlannerRun): the
// goal, nodes expanded, states visited, the plan's cost, the wall time in
// milliseconds, the error text ("" on success) and the world state it
// planned from (`{hasAxe=false, logs=0}`; absent in recordings made
// before it was recorded).
type PlannerView struct {
	Goal     string  `json:"goal"`
	Expanded int     `json:"expanded"`
	Visited  int     `json:"visited"`
	Cost     float64 `json:"cost"`
	Ms       float64 `json:"ms"`
	Err      string  `json:"err,omitempty"`
	World    string  `json:"world,omitempty"`
}

// GoapEvent is one event of a GOAP agent: its tick and text
// (goap.AgentEvent.String, e.g. `plan made "CreateGoalState": GetAxe -> ChopLog (cost 6)`).
type GoapEvent struct {
	Tick uint64 `json:"t"`
	Text string `json:"text"`
}

// goapEventsKept is how many recent events a view keeps per GOAP agent.
const goapEventsKept = 12

// goapTracker follows the GOAP agents of the trees the event stream
// reports, on the ticking goroutine, and turns each one's events of a
// tick into one "goap" record at the tick's end, with a snapshot of the
// agent then (a consistent state, between two of its updates).
type goapTracker struct {
	agents map[*goap.Agent]*goapTrack
	dirty  []*goapTrack
	st     goap.AgentState // scratch snapshot
}

type goapTrack struct {
	agent   *goap.Agent
	agentID int
	key     int
	node    int
	events  []GoapEvent
	queued  bool
	removed bool
}

// event notes ev: a tree's GOAP agents (due for a first record), an
// agent's event, a removed agent.
func (g *goapTracker) event(ev *host.Event) {
	switch ev.Kind {
	case host.EventTree, host.EventRemoved:
		for ag, tr := range g.agents {
			if tr.agentID == ev.AgentID {
				tr.removed = true
				delete(g.agents, ag)
			}
		}
		if ev.Kind == host.EventRemoved {
			return
		}
		for i, t := range ev.Nodes {
			ag := host.GoapAgentOf(t)
			if ag == nil || g.agents[ag] != nil {
				continue
			}
			if g.agents == nil {
				g.agents = map[*goap.Agent]*goapTrack{}
			}
			tr := &goapTrack{agent: ag, agentID: ev.AgentID, key: i, node: i}
			g.agents[ag] = tr
			g.queue(tr)
		}
	case host.EventGoap:
		tr := g.agents[ev.GoapAgent]
		if tr == nil {
			return
		}
		tr.node = ev.Node.Int()
		tr.events = append(tr.events, GoapEvent{Tick: ev.Tick, Text: ev.Goap.String()})
		g.queue(tr)
	}
}

func (g *goapTracker) queue(tr *goapTrack) {
	if !tr.queued {
		tr.queued = true
		g.dirty = append(g.dirty, tr)
	}
}

// flush calls emit with a "goap" record for each agent that had events
// since the last flush (or is new), at tick.
func (g *goapTracker) flush(tick uint64, emit func(*Record)) {
	if len(g.dirty) == 0 {
		return
	}
	for _, tr := range g.dirty {
		tr.queued = false
		if tr.removed {
			continue
		}
		tr.agent.SnapshotTo(&g.st)
		r := Record{T: tick, K: "goap", A: tr.agentID, N: tr.node, By: -1, W: -1, Goap: goapView(&g.st, tr)}
		tr.events = nil
		emit(&r)
	}
	g.dirty = g.dirty[:0]
}

// goapView converts a snapshot.
func goapView(st *goap.AgentState, tr *goapTrack) *GoapView {
	v := &GoapView{Key: tr.key, Node: tr.node, State: st.State, Stack: append([]string{}, st.Stack...),
		HasGoal: st.HasGoal, Goal: st.Goal, Priority: st.GoalPriority, Plan: make([]GoapStep, len(st.Plan)),
		Cost: st.PlanCost, Current: st.Current, Started: st.CurrentStarted, Interrupting: st.Interrupting,
		Backoff: st.BackoffTicks, Events: tr.events}
	for i, s := range st.Plan {
		v.Plan[i] = GoapStep{Action: s.Action, Cost: s.Cost}
	}
	if r := st.LastRun; r.Ran {
		v.Last = &PlannerView{Goal: r.Goal, Expanded: r.Expanded, Visited: r.Visited, Cost: r.Cost,
			Ms: float64(r.Duration.Microseconds()) / 1000, Err: r.Err, World: r.World}
	}
	return v
}
