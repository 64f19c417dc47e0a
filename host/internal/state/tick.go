package state

import (
	"errors"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
)

// TickAgents is the agents' part of Tick in the state (the classic
// host's, or a shard's part of the frame). Its agents report to the event
// stream h.stream gives.
func (h *State) TickAgents(dt float64) error {
	b := &h.batch
	*b = agentBatch{h: h, agents: h.Agents, events: h.Shared.Stream()}
	tb := h.frameBatch(b) // b, or the frame's agents with their own dt (frame_budget.go)
	err := h.VM.Lib.TickBatch(len(b.agents), dt, tb)
	strict, errs := b.strict, b.errs
	*b = agentBatch{}
	if err != nil {
		return err
	}
	if strict != nil {
		return strict
	}
	if h.Shared.HeapTicks != nil {
		if errs, err = h.Part.CheckHeap(h, errs); err != nil {
			return err
		}
	}
	return errors.Join(errs...)
}

// agentBatch is the agents' part of one Tick, as the btlib.TreeBatch of
// the tick's one protected call (btlib.Lib.TickBatch): around each
// agent's tree tick it does the per-agent work, in agent order.
type agentBatch struct {
	h      *State
	agents []*Agent // h.agents when the tick began
	events *Hub     // the host's stream, nil when nobody listens
	ticked bool     // the agent BeginTree gave is ticking, in its stretch
	errs   []error
	strict *StrictError // the first FailTick error, which ends a classic host's tick
	warmed uintptr      // what the agents' warm reads gave (TreeAhead)
}

// BeginTree begins agent i's turn: its restart when due, the memory
// check's accounting, and, for a running agent, its stretch (CPU
// budget), whose tree it returns.
func (b *agentBatch) BeginTree(i int) *btlib.Tree {
	h, a := b.h, b.agents[i]
	h.restartIfDue(a, h.Shared.TickTime)
	h.Shared.HeapTicks.BeginAgent()
	b.ticked = a.Running()
	if !b.ticked {
		return nil
	}
	h.BeginStretch("tick", a)
	return a.tree
}

// TreeAhead returns agent i's tree before its turn (btlib.TreesAhead:
// the batch reads the next tree's memory into the cache while the one
// before it ticks, in a big crowd). It asks nothing of the tree: whether
// it runs is read from the tree's memory that warming is for, and
// warming a stopped tree costs a few reads. It reads the agent's own
// struct into the cache (warm), which its turn reads.
func (b *agentBatch) TreeAhead(i int) *btlib.Tree {
	a := b.agents[i]
	b.warmed += a.warm()
	return a.tree
}

// Crowd is the number of the state's agents, ticked in turn frame after
// frame (btlib.TreesAhead).
func (b *agentBatch) Crowd() int { return len(b.h.Agents) }

// EndTree ends agent i's turn: it keeps the status s, ends the stretch,
// reports to the memory check and the event stream, and applies the error
// policy to err. At a FailTick error it ends the tick on the classic host;
// a shard keeps its first FailTick error and ticks its other agents, so
// that every agent of a sharded host ticks whatever the shard count (see
// tickShards).
func (b *agentBatch) EndTree(i int, s bt.Status, err error) bool {
	h, a := b.h, b.agents[i]
	if b.ticked {
		a.LastStatus = s
		h.EndStretch()
		b.ticked = false
	}
	h.Shared.HeapTicks.EndAgent(a)
	h.warnPlans(a)
	if err != nil {
		h.nameAgent(a, err)
	}
	if b.events != nil {
		b.events.AfterAgent(a, err)
	}
	if err == nil {
		return false
	}
	if a.failed(h.Shared.TickTime) {
		if b.strict == nil {
			b.strict = &StrictError{Agent: a, Err: err}
		}
		return h.Part.FailTickEnds()
	}
	b.errs = append(b.errs, err)
	return false
}
