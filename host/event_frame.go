package host

import (
	"slices"

	"github.com/btlua/btlua/stdlib/goap"
)

// The event stream of a sharded host (Options.Shards >= 1). The
// coordinator's hub numbers the agents, keeps their watches and reports,
// between frames on the ticking goroutine, what happens there (the
// EventTickBegin and the EventTree of the sync, reloads, Close's ends).
// During a frame each shard's goroutine holds the events its agents make
// (their runs, statuses, writes, errors, restarts, GOAP and BTAI events)
// in its shardFrame; after the join the coordinator sends them in agent
// order (Agents), each agent's in the order they came, then
// EventTickEnd. That is the order the classic host sends them in, so a
// run gives the same stream for any shard count (see
// docs/agents-on-every-core.md for what differs: global variables).

// heldEvent is an event a shard's agent made during a frame: agent is the
// agent it is ordered by (for a global write, the writer's), goap the
// copy of the GOAP event Event.Goap points to once it is sent.
type heldEvent struct {
	agent *Agent
	rank  int // agent's index in Agents, set by sendHeld
	ev    Event
	goap  goap.AgentEvent
}

// holding reports whether f holds the events made now: f is a shard's
// frame inside a tick.
func (f *shardFrame) holding() bool { return f != nil && f.ticking }

// hold keeps a copy of ev, made by agent a's script (or Go task) during
// the frame.
func (f *shardFrame) hold(a *Agent, ev *Event) {
	ev.Tick = f.sh.host.ticks
	f.events = append(f.events, heldEvent{agent: a, ev: *ev})
	if ev.Goap != nil {
		h := &f.events[len(f.events)-1]
		h.goap = *ev.Goap
		h.ev.Goap = nil
	}
}

// sendHeld sends, after the join, the events every shard held this frame,
// in agent order, each agent's in the order they came. A shard's events
// are in agent order already (it ticks its agents in that order): after
// ExpectAgents (a run of agents per shard) the shards' lists in turn are
// the order, else a stable sort by rank merges them.
func (e *hub) sendHeld(sh *sharding) {
	all := e.held[:0]
	for _, s := range sh.shards {
		l := s.frame.events
		for i := range l {
			l[i].rank = sh.rankOf(l[i].agent)
		}
		all = append(all, l...)
		clear(l)
		s.frame.events = l[:0]
	}
	byRank := func(a, b heldEvent) int { return a.rank - b.rank }
	if !slices.IsSortedFunc(all, byRank) {
		slices.SortStableFunc(all, byRank)
	}
	for i := range all {
		ev := e.slot()
		*ev = all[i].ev
		if ev.Kind == EventGoap {
			ev.Goap = &all[i].goap
		}
		e.send(ev)
	}
	clear(all)
	e.held = all[:0]
}

// stream returns the event stream h's agents report to while somebody
// listens, or nil.
func (h *Host) stream() *hub {
	if h.live() {
		return h.events
	}
	return nil
}
