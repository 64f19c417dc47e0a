package stream

import (
	"slices"

	"github.com/btlua/btlua/stdlib/goap"
)

// Frame holds the events a shard's agents make during a frame of a
// sharded host (its part of a Tick, on the shard's goroutine): their
// runs, statuses, writes, errors, restarts, GOAP and BTAI events. After
// the join the host hands every shard's frame to Hub.Merge and calls
// Hub.SendMerged, which sends them in agent order, each agent's in the
// order they came: the order the classic host sends them in, so a run
// gives the same stream for any shard count.
type Frame[A comparable, R any] struct {
	ticking *bool // the shard's flag: set while its frame is under way
	events  []held[A, R]
	// scratch is the event being made, copied by hold.
	scratch Event[A, R]
}

// NewFrame returns a frame that holds events while *ticking is set (the
// shard's own flag of its frame under way).
func NewFrame[A comparable, R any](ticking *bool) *Frame[A, R] {
	return &Frame[A, R]{ticking: ticking}
}

// Holding reports whether f holds the events made now: f is a shard's
// frame under way (false for nil).
func (f *Frame[A, R]) Holding() bool { return f != nil && *f.ticking }

// held is an event a shard's agent made during a frame: agent is the
// agent it is ordered by (for a global write, the writer's), goap the
// copy of the GOAP event Event.Goap points to once it is sent.
type held[A comparable, R any] struct {
	agent A
	rank  int // agent's index in the host's agents, set by Merge
	ev    Event[A, R]
	goap  goap.AgentEvent
}

// event returns the frame's scratch event, of kind k.
func (f *Frame[A, R]) event(k EventKind) *Event[A, R] {
	ev := &f.scratch
	*ev = Event[A, R]{Kind: k}
	return ev
}

// hold keeps a copy of ev, made by agent a's script (or Go task) during
// the frame, stamped with tick.
func (f *Frame[A, R]) hold(a A, ev *Event[A, R], tick uint64) {
	ev.Tick = tick
	f.events = append(f.events, held[A, R]{agent: a, ev: *ev})
	if ev.Goap != nil {
		h := &f.events[len(f.events)-1]
		h.goap = *ev.Goap
		h.ev.Goap = nil
	}
}

// Merge takes, after the join, the events f held this frame; rank gives
// an agent's index in the host's agents. Call it for each shard in turn,
// then SendMerged.
func (e *Hub[A, R]) Merge(f *Frame[A, R], rank func(A) int) {
	l := f.events
	for i := range l {
		l[i].rank = rank(l[i].agent)
	}
	e.held = append(e.held, l...)
	clear(l)
	f.events = l[:0]
}

// SendMerged sends the events Merge took, in agent order, each agent's in
// the order they came. A shard's events are in agent order already (it
// ticks its agents in that order): after the host's ExpectAgents (a run
// of agents per shard) the shards' lists in turn are the order, else a
// stable sort by rank merges them.
func (e *Hub[A, R]) SendMerged() {
	all := e.held
	byRank := func(a, b held[A, R]) int { return a.rank - b.rank }
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
