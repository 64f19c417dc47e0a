package engine

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

// stopHeapHog is the memory check after a frame (Tick, or a sharded
// host's join): it stops the agent that grew the heap over the limit and
// returns it with its error, a *StrictError when the error policy fails
// the run; nil, nil when it stops none.
func (h *shared) stopHeapHog() (*Agent, error) {
	r := h.heapTicks.AfterTick()
	if r == nil {
		return nil, nil
	}
	a := r.(*Agent)
	err := a.host.stopForMemory(a)
	if a.failed(h.clock) {
		return a, &StrictError{Agent: a, Err: err}
	}
	return a, err
}

// stopForMemory stops agent a for the memory limit: its running tasks get
// their OnEnd, and it keeps the error (then follows the error policy).
// What a keeps no longer counts against the others (rebase).
func (h *state) stopForMemory(a *Agent) error {
	err := fmt.Errorf("memory limit of %s exceeded (the heap grew over it in ticks of %s, which allocated most)",
		bytesText(float64(h.sh.heapTicks.Limit())), a.describe())
	h.closeAgent(a)
	a.tree.Err = err
	h.sh.heapTicks.Rebase()
	return err
}
