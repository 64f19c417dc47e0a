package budget

import "runtime/metrics"

// heapWatch is the memory limit's reading of the heap, used by one
// Budget's watchdog goroutine only; the threshold is its Heap's.
type heapWatch struct {
	heap    *Heap
	sample  []metrics.Sample // heap objects, live heap at the last collection, collections
	gen     uint64           // the stretch of the first reading below
	atStart uint64           // heap when the watchdog first saw that stretch
	cycles  uint64           // collections finished by then
}

func newHeapWatch(heap *Heap) *heapWatch {
	if heap == nil {
		return nil
	}
	return &heapWatch{heap: heap, sample: []metrics.Sample{{Name: HeapMetric}, {Name: LiveMetric}, {Name: cyclesMetric}}}
}

// read reads the metrics: the heap's objects, the live heap the last
// collection found, and the collections finished.
func (w *heapWatch) read() (heap, live, cycles uint64) {
	metrics.Read(w.sample)
	v := [3]uint64{}
	for i, s := range w.sample {
		if s.Value.Kind() == metrics.KindUint64 {
			v[i] = s.Value.Uint64()
		}
	}
	return v[0], v[1], v[2]
}

// over reports whether the stretch gen has made the heap cross the
// threshold: the heap is over it (after a collection, so garbage does
// not count) and has grown since the watchdog first saw the stretch
// (two readings, a period apart at least). The collection is one that
// finished during the stretch: the runtime's own, or one the watchdog
// starts when the heap is over (collectSoon) and reads at a later
// period, once it has marked the heap (under a runaway on a busy machine
// a collection takes a large part of a second, in which the heap grows
// on; reading its result at the end of marking, without waiting for the
// sweep, and running one at a time for all shards' watchdogs, stops the
// runaway sooner). A stretch that allocates
// nothing is not blamed for a heap others filled.
//
// On a sharded host the check between ticks, which measures each agent,
// blames, so that the result does not depend on the shard count or on
// timing; the watchdog of each state is the safety net for ticks that
// run away, alone or several at once in different shards: it stops its
// own stretch once the heap is over the threshold plus the headroom
// (about twice the limit) and grew while that stretch ran, whatever
// the other shards run. So it may also stop a long stretch (seen over
// two readings, 10 ms or more) that allocated little but was running
// while another shard's script made the heap explode; short ticks are
// never seen twice.
func (w *heapWatch) over(gen uint64) bool {
	now, live, cycles := w.read()
	if gen != w.gen {
		w.gen, w.atStart, w.cycles = gen, now, cycles
		return false
	}
	limit := w.heap.threshold.Load()
	if w.heap.sharded {
		limit += w.heap.headroom
	}
	if now <= limit || now <= w.atStart {
		return false
	}
	if cycles > w.cycles && live > limit {
		return true // a collection finished during the stretch found the heap over
	}
	w.heap.collectSoon()
	return false
}
