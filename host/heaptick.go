package host

import (
	"fmt"
	"runtime"
	"runtime/metrics"
)

// This file holds the memory limit's check between agents' ticks: the
// watchdog (budget.go) sees only stretches that run for a period (10 ms),
// so an agent that grows the heap a little in every short tick escapes
// it. After each Tick the host reads the heap once (one runtime/metrics
// read); when it is over the limit after a collection and has grown since
// the last such check, the next tick measures the bytes each agent's
// stretch allocates (two reads per agent, that tick only), and the agent
// that allocated most is stopped with "memory limit of ... exceeded"
// unless the heap has fallen back under the limit by then.

// allocsMetric is the runtime metric of the bytes allocated so far.
const allocsMetric = "/gc/heap/allocs:bytes"

// heapTicks is the state of the check; main goroutine only.
type heapTicks struct {
	limit   uint64
	sample  []metrics.Sample // heap objects, bytes allocated
	floor   uint64           // the heap after the last collection that found it over the limit
	blaming bool             // this tick measures each agent's allocations
	most    *Agent           // the agent that allocated most this tick
	mostN   uint64
	before  uint64 // bytes allocated when the running agent's stretch began
}

func newHeapTicks(limit uint64) *heapTicks {
	if limit == 0 {
		return nil
	}
	return &heapTicks{limit: limit, sample: []metrics.Sample{{Name: heapMetric}, {Name: allocsMetric}}}
}

func (w *heapTicks) read(i int) uint64 {
	metrics.Read(w.sample[i : i+1])
	if w.sample[i].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return w.sample[i].Value.Uint64()
}

// beginAgent and endAgent bracket an agent's tick while blaming.
func (w *heapTicks) beginAgent() {
	if w != nil && w.blaming {
		w.before = w.read(1)
	}
}

func (w *heapTicks) endAgent(a *Agent) {
	if w == nil || !w.blaming {
		return
	}
	if n := w.read(1) - w.before; n > w.mostN || w.most == nil {
		w.most, w.mostN = a, n
	}
}

// afterTick checks the heap after a tick and returns the agent to stop,
// or nil.
func (w *heapTicks) afterTick() *Agent {
	blamed, most := w.blaming, w.most
	w.blaming, w.most, w.mostN = false, nil, 0
	if w.read(0) <= w.limit || w.read(0) <= w.floor {
		return nil
	}
	runtime.GC()
	live := w.read(0)
	if live <= w.limit {
		return nil
	}
	grew := live > w.floor
	w.floor = live
	if !grew {
		return nil
	}
	if blamed && most != nil && most.Running() {
		return most
	}
	w.blaming = true
	return nil
}

// stopForMemory stops agent a for the memory limit: its running tasks get
// their OnEnd, and it keeps the error (then follows the error policy).
func (h *Host) stopForMemory(a *Agent) error {
	err := fmt.Errorf("memory limit of %s exceeded (the heap grew over it in ticks of %s, which allocated most)",
		bytesText(float64(h.heapTicks.limit)), a.describe())
	h.closeAgent(a)
	a.tree.Err = err
	return err
}
