package budget

import (
	"runtime"
	"runtime/metrics"
	"sync/atomic"
)

// This file holds the memory limit's checks between stretches. The
// watchdog (Budget.watch, heapWatch.over) sees only stretches that run
// for a period (10 ms), so an agent that grows the heap a little in
// every short tick escapes it. After each tick the host calls AfterTick,
// which reads the heap once (one runtime/metrics read); when it is over
// the threshold after a collection and has grown by more than noise
// (heapNoise) since the last check that found it grown (or the last
// build's, AfterBuild), the next tick measures the bytes each agent's
// stretch allocates (BeginAgent and EndAgent: two reads per agent, that
// tick only), and the agent that allocated most is named to be stopped
// unless the heap has fallen back under the threshold by then, or has
// grown by no more than noise again, or that agent allocated less than
// half of what the heap grew by in the measured tick: growth spread over
// many agents (each keeping a little more state, as a crowd's first
// ticks do) is no agent's fault, and blaming the one that allocated most
// would stop an innocent at random.
//
// The runtime counts allocations per process, so a host whose agents
// tick in several states on several goroutines must tick them one after
// the other in the measuring tick (Blaming), so that each agent's count
// is its own.
//
// The threshold is the limit until an agent is stopped for memory. The
// stopped agent keeps its state, so what it allocated stays on the heap;
// it no longer counts against the others: after the stop (Rebase) the
// threshold becomes the heap then (after a collection) plus the headroom
// there was when the Heap was made (the limit minus the live heap then;
// NewHeap collects once to read it).

// Runtime metrics the checks read.
const (
	// HeapMetric is the bytes of heap objects, live or not yet swept:
	// the heap the memory limit is checked against.
	HeapMetric = "/memory/classes/heap/objects:bytes"
	// LiveMetric is the bytes the last collection marked live.
	LiveMetric = "/gc/heap/live:bytes"
	// allocsMetric is the bytes allocated so far.
	allocsMetric = "/gc/heap/allocs:bytes"
	// cyclesMetric is the collections finished.
	cyclesMetric = "/gc/cycles/total:gc-cycles"
)

// A Runner is whom a tick's check blames for the heap's growth (to the
// host, an agent), as given to EndAgent.
type Runner interface {
	// Running reports whether it still runs (one stopped since is not
	// blamed).
	Running() bool
}

// Heap is the memory limit's state, one per host (shared by the Lua
// states of a sharded host, whose Budgets all watch it). The fields above
// sample are read by the budgets' watchdogs too; the others are the
// ticking goroutine's, or the measuring tick's (one state at a time).
type Heap struct {
	limit     uint64        // bytes
	headroom  uint64        // limit minus the live heap when the Heap was made
	threshold atomic.Uint64 // the heap over which the checks blame
	stopped   atomic.Bool   // a watchdog stopped a stretch for memory
	// sharded is set for a sharded host's check (SetSharded, before any
	// stretch runs): its watchdogs stop a stretch at the threshold plus
	// the headroom only (heapWatch.over).
	sharded bool
	// collecting is set while a collection a watchdog started runs.
	collecting atomic.Bool

	sample  []metrics.Sample // heap objects, bytes allocated
	floor   uint64           // the heap after the last collection that found it grown over the threshold
	blaming bool             // this tick measures each agent's allocations
	most    Runner           // the one that allocated most this tick
	mostN   uint64
	before  uint64 // bytes allocated when the running agent's stretch began
}

// NewHeap returns the memory limit of limit bytes (nil for 0); it
// collects garbage once, to read the headroom, unless no collection has
// run yet: the heap is then what the process allocated since it started
// (package inits, a command line), at most a few hundred KB over the live
// heap, and a forced collection was a tenth of btlua's start-up (issue
// 23).
func NewHeap(limit uint64) *Heap {
	if limit == 0 {
		return nil
	}
	w := &Heap{limit: limit, sample: []metrics.Sample{{Name: HeapMetric}, {Name: allocsMetric}}}
	if collected() {
		runtime.GC()
	}
	if heap := w.read(0); heap < limit {
		w.headroom = limit - heap
	}
	w.threshold.Store(limit)
	return w
}

// Limit returns the memory limit, bytes.
func (w *Heap) Limit() uint64 { return w.limit }

// SetSharded makes the watchdogs of the budgets over w stop a stretch
// only at the threshold plus the headroom (about twice the limit): on a
// sharded host the check between ticks blames, so that the result does
// not depend on the shard count (see heapWatch.over). Call it before any
// stretch runs.
func (w *Heap) SetSharded() { w.sharded = true }

// Blaming reports whether this tick measures each agent's allocations
// (BeginAgent, EndAgent): the agents must then tick one after the other.
func (w *Heap) Blaming() bool { return w.blaming }

func (w *Heap) read(i int) uint64 {
	metrics.Read(w.sample[i : i+1])
	if w.sample[i].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return w.sample[i].Value.Uint64()
}

// BeginAgent and EndAgent bracket an agent's tick; they measure its
// allocations while blaming, and do nothing otherwise or on a nil Heap.
func (w *Heap) BeginAgent() {
	if w != nil && w.blaming {
		w.before = w.read(1)
	}
}

// EndAgent ends the tick of r that BeginAgent began.
func (w *Heap) EndAgent(r Runner) {
	if w == nil || !w.blaming {
		return
	}
	if n := w.read(1) - w.before; n > w.mostN || w.most == nil {
		w.most, w.mostN = r, n
	}
}

// heapNoise is how much the live heap may creep between two checks
// without counting as growth (runtime and Lua state bookkeeping): 64 KiB.
const heapNoise = 64 << 10

// AfterTick checks the heap after a tick and returns the Runner to stop
// (as given to EndAgent), or nil.
func (w *Heap) AfterTick() Runner {
	if w.stopped.Swap(false) {
		w.Rebase() // a watchdog stopped a stretch this tick
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

// AfterBuild checks the heap after a build (building agents is many
// short stretches, each too short for the watchdog to see): it returns
// the live heap, bytes, and true when it is over the threshold after a
// collection and has grown since the last such check (of a build or a
// tick); 0, false otherwise. It costs one heap reading, and collects
// garbage only when the reading is over the threshold and above the heap
// the last such check found. The heap it found becomes AfterTick's
// floor, so no tick is blamed for it.
func (w *Heap) AfterBuild() (uint64, bool) {
	limit := w.threshold.Load()
	if now := w.read(0); now <= limit || now <= w.floor {
		return 0, false
	}
	runtime.GC()
	live := w.read(0)
	if live <= limit || live <= w.floor {
		return 0, false
	}
	w.floor = live
	return live, true
}

// collectSoon starts a collection of garbage on a goroutine of its own,
// unless one it started is still running; the watchdogs read its result
// (heapWatch.over).
func (w *Heap) collectSoon() {
	if w.collecting.CompareAndSwap(false, true) {
		go func() {
			runtime.GC()
			w.collecting.Store(false)
		}()
	}
}

// Rebase sets the threshold after an agent was stopped for memory: the
// heap now, after a collection, plus the headroom, so that what the
// stopped agent keeps no longer counts.
func (w *Heap) Rebase() {
	runtime.GC()
	live := w.read(0)
	w.floor = live
	w.threshold.Store(max(w.limit, live+w.headroom))
}

// collected reports whether a collection of garbage has run in the
// process.
func collected() bool {
	s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s)
	return s[0].Value.Kind() != metrics.KindUint64 || s[0].Value.Uint64() > 0
}
