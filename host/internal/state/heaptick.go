package state

import "fmt"

// This file applies the memory limit's check between agents' ticks
// (budget.Heap.AfterTick, host/internal/budget): after each Tick it
// stops the agent the check names as the one whose ticks grew the heap
// over Options.MemoryLimit. The check measures each agent's allocations
// in the tick after the one that found the heap grown; the runtime counts
// allocations per process, so a sharded host (Options.Shards >= 1) ticks
// its shards one after the other in that measuring tick (Heap.Blaming),
// the facade checking the heap after the join: each agent's count
// is its own, whatever the shard count (tickShards).
//
// The stopped agent keeps its tree (Err, Render, a restart), so what it
// allocated stays on the heap; it no longer counts against the others
// (Heap.Rebase).

// StopHeapHog is the memory check after a frame (Tick, or a sharded
// host's join): it stops the agent that grew the heap over the limit and
// returns it with its error, a *StrictError when the error policy fails
// the run; nil, nil when it stops none.
func (h *Shared) StopHeapHog() (*Agent, error) {
	r := h.HeapTicks.AfterTick()
	if r == nil {
		return nil, nil
	}
	a := r.(*Agent)
	err := a.State.stopForMemory(a)
	if a.failed(h.TickTime) {
		return a, &StrictError{Agent: a, Err: err}
	}
	return a, err
}

// stopForMemory stops agent a for the memory limit: its running tasks get
// their OnEnd, and it keeps the error (then follows the error policy).
// What a keeps no longer counts against the others (rebase).
func (h *State) stopForMemory(a *Agent) error {
	err := fmt.Errorf("memory limit of %s exceeded (the heap grew over it in ticks of %s, which allocated most)",
		BytesText(float64(h.Shared.HeapTicks.Limit())), a.describe())
	h.CloseAgent(a)
	a.tree.Err = err
	h.Shared.HeapTicks.Rebase()
	return err
}
