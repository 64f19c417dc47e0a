package engine

import (
	"errors"
	"fmt"
	"math"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
)

// Agents is host.Host.Agents.
func (h *Runtime) Agents() []*Agent {
	defer h.use("Agents").done()
	return h.eng.agentList()
}

// Tick is host.Host.Tick.
func (h *Runtime) Tick(dt float64) error {
	if err := h.tryUse("Tick"); err != nil {
		return err
	}
	defer h.done()

	if err := h.refuseClosed("Tick"); err != nil {
		return err
	}
	if math.IsNaN(dt) || math.IsInf(dt, 0) || dt < 0 {
		return fmt.Errorf("host: Tick: dt must be a finite number of seconds >= 0, got %v", dt)
	}
	if math.IsInf(h.clock+dt, 0) {
		return fmt.Errorf("host: Tick: dt %v would take the clock (%v s) past the largest finite number of seconds", dt, h.clock)
	}
	if err := h.enterTick(); err != nil {
		return err
	}
	defer h.leaveTick()
	h.ApplyReloads()
	if h.gate != nil && !h.gate() {
		return nil
	}
	h.ticks++
	h.clock += dt
	h.planFrame(dt)
	defer h.endFrame()
	var e *hub // the event stream, nil when nobody listens (and in a shard)
	if h.live() {
		e = h.events
		e.BeginTick()
		defer e.EndTick() // a strict failure ends the tick early
	}
	return h.eng.tickAgents(dt, e)
}

// tickAgents is the agents' part of Tick in the state (the classic
// host's, or a shard's part of the frame). Its agents report to the event
// stream h.stream gives.
func (h *state) tickAgents(dt float64) error {
	b := &h.batch
	*b = agentBatch{h: h, agents: h.agents, events: h.sh.stream()}
	tb := h.frameBatch(b) // b, or the frame's agents with their own dt (frame_budget.go)
	err := h.vm.Lib.TickBatch(len(b.agents), dt, tb)
	strict, errs := b.strict, b.errs
	*b = agentBatch{}
	if err != nil {
		return err
	}
	if strict != nil {
		return strict
	}
	if h.sh.heapTicks != nil {
		if errs, err = h.part.checkHeap(h, errs); err != nil {
			return err
		}
	}
	return errors.Join(errs...)
}

// agentBatch is the agents' part of one Tick, as the btlib.TreeBatch of
// the tick's one protected call (btlib.Lib.TickBatch): around each
// agent's tree tick it does the per-agent work, in agent order.
type agentBatch struct {
	h      *state
	agents []*Agent // h.agents when the tick began
	events *hub     // the host's stream, nil when nobody listens
	ticked bool     // the agent BeginTree gave is ticking, in its stretch
	errs   []error
	strict *StrictError // the first FailTick error, which ends a classic host's tick
}

// BeginTree begins agent i's turn: its restart when due, the memory
// check's accounting, and, for a running agent, its stretch (CPU
// budget), whose tree it returns.
func (b *agentBatch) BeginTree(i int) *btlib.Tree {
	h, a := b.h, b.agents[i]
	h.restartIfDue(a, h.sh.clock)
	h.sh.heapTicks.BeginAgent()
	b.ticked = a.Running()
	if !b.ticked {
		return nil
	}
	h.beginStretch("tick", a)
	return a.tree
}

// TreeAhead returns agent i's tree before its turn (btlib.TreesAhead:
// the batch reads the next tree's memory into the cache while the one
// before it ticks, in a big crowd). It asks nothing of the tree: whether
// it runs is read from the tree's memory that warming is for, and
// warming a stopped tree costs a few reads.
func (b *agentBatch) TreeAhead(i int) *btlib.Tree { return b.agents[i].tree }

// Crowd is the number of the state's agents, ticked in turn frame after
// frame (btlib.TreesAhead).
func (b *agentBatch) Crowd() int { return len(b.h.agents) }

// EndTree ends agent i's turn: it keeps the status s, ends the stretch,
// reports to the memory check and the event stream, and applies the error
// policy to err. At a FailTick error it ends the tick on the classic host;
// a shard keeps its first FailTick error and ticks its other agents, so
// that every agent of a sharded host ticks whatever the shard count (see
// tickShards).
func (b *agentBatch) EndTree(i int, s bt.Status, err error) bool {
	h, a := b.h, b.agents[i]
	if b.ticked {
		a.status = s
		h.endStretch()
		b.ticked = false
	}
	h.sh.heapTicks.EndAgent(a)
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
	if a.failed(h.sh.clock) {
		if b.strict == nil {
			b.strict = &StrictError{Agent: a, Err: err}
		}
		return h.part.failTickEnds()
	}
	b.errs = append(b.errs, err)
	return false
}

// Done is host.Host.Done.
func (h *Runtime) Done() bool {
	defer h.use("Done").done()

	for _, a := range h.eng.agentList() {
		if _, due := a.RestartDue(); a.Running() || due {
			return false
		}
	}
	return true
}

// Failed returns the agents stopped by an error.
func (h *Runtime) Failed() []*Agent {
	defer h.use("Failed").done()

	var out []*Agent
	for _, a := range h.eng.agentList() {
		if a.Err() != nil {
			out = append(out, a)
		}
	}
	return out
}
