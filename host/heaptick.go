package host

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync/atomic"
)

// This file holds the memory limit's check between agents' ticks: the
// watchdog (budget.go) sees only stretches that run for a period (10 ms),
// so an agent that grows the heap a little in every short tick escapes
// it. After each Tick the host reads the heap once (one runtime/metrics
// read); when it is over the threshold after a collection and has grown
// by more than noise (heapNoise) since the last check that found it
// grown (or the last build's, heapbuild.go), the next tick measures the
// bytes each agent's stretch allocates (two reads per agent, that tick
// only), and the agent that allocated most is stopped with "memory limit
// of ... exceeded" unless the heap has fallen back under the threshold by
// then, or has grown by no more than noise again, or that agent
// allocated less than half of what the heap grew by in the measured
// tick: growth spread over many agents (each keeping a little more
// state, as a crowd's first ticks do) is no agent's fault, and blaming
// the one that allocated most would stop an innocent at random.
//
// The runtime counts allocations per process, so a sharded host
// (Options.Shards >= 1) ticks its shards one after the other in that
// measuring tick, the coordinator checking the heap after the join: each
// agent's count is its own, whatever the shard count (tickShards).
//
// The threshold is MemoryLimit until an agent is stopped for memory. The
// stopped agent keeps its tree (Err, Render, a restart), so what it
// allocated stays on the heap; it no longer counts against the others:
// after the stop the threshold becomes the heap then (after a collection)
// plus the headroom the host had when it was made (MemoryLimit minus the
// live heap then; New collects once to read it).

// allocsMetric is the runtime metric of the bytes allocated so far.
const allocsMetric = "/gc/heap/allocs:bytes"

// heapTicks is the state of the check, one per host (the shards of a
// sharded host share their coordinator's). The fields above sample are
// read by the budgets' watchdogs too; the others are the ticking
// goroutine's, or the measuring tick's (one shard at a time).
type heapTicks struct {
	limit     uint64        // Options.MemoryLimit, bytes
	headroom  uint64        // limit minus the live heap when the host was made
	threshold atomic.Uint64 // the heap over which the check blames
	stopped   atomic.Bool   // the watchdog stopped a stretch for memory
	// sharded is set for a sharded host's check (by openShards, before
	// any stretch runs): its watchdogs stop a stretch at the threshold
	// plus the headroom only (heapWatch.over).
	sharded bool
	// collecting is set while a collection a watchdog started runs.
	collecting atomic.Bool
	// threads counts the scripts' coroutines (threads_memory.go).
	threads threadCount

	sample  []metrics.Sample // heap objects, bytes allocated
	floor   uint64           // the heap after the last collection that found it grown over the threshold
	blaming bool             // this tick measures each agent's allocations
	most    *Agent           // the agent that allocated most this tick
	mostN   uint64
	before  uint64 // bytes allocated when the running agent's stretch began
}

// newHeapTicks returns the check of limit bytes (nil for 0); it collects
// garbage once, to read the headroom.
func newHeapTicks(limit uint64) *heapTicks {
	if limit == 0 {
		return nil
	}
	w := &heapTicks{limit: limit, sample: []metrics.Sample{{Name: heapMetric}, {Name: allocsMetric}}}
	runtime.GC()
	if heap := w.read(0); heap < limit {
		w.headroom = limit - heap
	}
	w.threshold.Store(limit)
	return w
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

// heapNoise is how much the live heap may creep between two checks
// without counting as growth (runtime and Lua state bookkeeping): 64 KiB.
const heapNoise = 64 << 10

// afterTick checks the heap after a tick and returns the agent to stop,
// or nil.
func (w *heapTicks) afterTick() *Agent {
	if w.stopped.Swap(false) {
		w.rebase() // the watchdog stopped a stretch this tick
	}
	blamed, most, mostN := w.blaming, w.most, w.mostN
	w.blaming, w.most, w.mostN = false, nil, 0
	limit := w.threshold.Load()
	if now := w.read(0); now <= limit || now <= w.floor+heapNoise {
		return nil
	}
	runtime.GC()
	live := w.read(0)
	if live <= limit || live <= w.floor+heapNoise {
		return nil // the floor stays: creeping growth adds up
	}
	grown := live - w.floor
	w.floor = live
	if !blamed {
		w.blaming = true // the next tick measures each agent
		return nil
	}
	if most != nil && most.Running() && mostN >= grown/2 {
		return most
	}
	return nil // no agent accounts for the growth
}

// collectSoon starts a collection of garbage on a goroutine of its own,
// unless one it started is still running; the watchdogs read its result
// (heapWatch.over).
func (w *heapTicks) collectSoon() {
	if w.collecting.CompareAndSwap(false, true) {
		go func() {
			runtime.GC()
			w.collecting.Store(false)
		}()
	}
}

// rebase sets the threshold after an agent was stopped for memory: the
// heap now, after a collection, plus the headroom, so that what the
// stopped agent keeps no longer counts.
func (w *heapTicks) rebase() {
	runtime.GC()
	live := w.read(0)
	w.floor = live
	w.threshold.Store(max(w.limit, live+w.headroom))
}

// stopHeapHog is the memory check after a frame (Tick, or a sharded
// host's join): it stops the agent that grew the heap over the limit and
// returns it with its error, a *StrictError when the error policy fails
// the run; nil, nil when it stops none.
func (h *Host) stopHeapHog() (*Agent, error) {
	a := h.heapTicks.afterTick()
	if a == nil {
		return nil, nil
	}
	err := a.host.stopForMemory(a)
	if a.failed(h.clock) {
		return a, &StrictError{Agent: a, Err: err}
	}
	return a, err
}

// stopForMemory stops agent a for the memory limit: its running tasks get
// their OnEnd, and it keeps the error (then follows the error policy).
// What a keeps no longer counts against the others (rebase).
func (h *Host) stopForMemory(a *Agent) error {
	err := fmt.Errorf("memory limit of %s exceeded (the heap grew over it in ticks of %s, which allocated most)",
		bytesText(float64(h.heapTicks.limit)), a.describe())
	h.closeAgent(a)
	a.tree.Err = err
	h.heapTicks.rebase()
	return err
}
