package sharding

import (
	"errors"
	"slices"

	"github.com/btlua/btlua/host/internal/state"
)

// tickShards is the agents' part of Tick on a sharded host: every shard
// ticks its agents (Tick of the shard, with its budget and error policy),
// shard 0 on the caller's goroutine, the others each on its worker
// (host/internal/shards); after the join, the print output of the frame is
// written in agent order, the table-valued global variables changed in
// place are put back (shards.Globals.CheckLent: one error each, after the agents'
// errors, left out when a StrictError ends the tick; under the host's
// FailTick the first is itself a StrictError without Agent), the global-variable
// writes of the frame apply in agent order, and the
// memory limit is checked (heaptick.go; a frame that measures each
// agent's allocations ticks the shards one after the other on the
// caller's goroutine, which changes no result: the shards share nothing
// within a frame). The errors come back in agent order. Under FailTick
// every agent of the frame ticks, in every shard (a failing agent is
// stopped, the shard's agents after it tick on), and Tick returns the
// StrictError of the first failing agent in agent order: ending the frame
// at it, as the classic host does, cannot be done the same way for every
// shard count, since the agents after it in other shards tick in
// parallel, and which agents tick must not depend on the shard count. A
// Go panic in a shard is raised again on the caller's goroutine.
func (sh *Engine) tickShards(dt float64, e *state.Hub) error {
	h := sh.common
	sh.eng.Tick(dt, h.HeapTicks != nil && h.HeapTicks.Blaming())
	if e != nil {
		sendHeld(e, sh)
	}
	sh.flushPrints()
	lentErrs := sh.eng.Globals.CheckLent()
	sh.eng.ApplyWrites()
	sh.eng.Repanic()
	if h.HeapTicks != nil {
		if a, err := h.StopHeapHog(); a != nil {
			_, strict := err.(*state.StrictError)
			sh.eng.Blame(slices.Index(sh.shards, a.State), err, strict)
		}
	}
	err := sh.eng.Errors()
	if _, strict := err.(*state.StrictError); strict || lentErrs == nil {
		return err
	}
	if h.Policy.Action == state.FailTick { // the changer is not known: the host's policy
		return &state.StrictError{Err: lentErrs[0]}
	}
	return errors.Join(append([]error{err}, lentErrs...)...)
}
