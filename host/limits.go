package host

import (
	"fmt"
	"math"
	"runtime/metrics"

	"github.com/btlua/btlua/lua/luapattern"
	lua "github.com/yuin/gopher-lua"
)

// This file holds the memory limits: the maximum string size of the
// string functions that build a string in one Go call (Options.
// MaxStringSize), and the per-host heap limit (Options.MemoryLimit) that
// the budget's watchdog checks while scripts run.

// DefaultMaxStringSize is the maximum string size when Options.
// MaxStringSize is 0: 64 MiB.
const DefaultMaxStringSize = 64 << 20

// heapMetric is the runtime metric the memory limit reads: bytes of heap
// objects, live or not yet swept.
const heapMetric = "/memory/classes/heap/objects:bytes"

// limitStrings wraps string.rep so that a result over max bytes raises a
// Lua error instead of allocating it (string.rep("x", 2^32) would take
// the process down with Go's fatal out-of-memory error), and installs the
// pattern functions of lua/luapattern (PUC Lua 5.1's matcher, polling the
// CPU budget; gsub's result capped at max too), and caps table.concat
// (limitConcat), string.format (limitFormat, limits_format.go) and the ..
// operator (capConcat, vmhooks.go). max < 0 means no cap.
func (h *Host) limitStrings(max int64) {
	if max == 0 {
		max = DefaultMaxStringSize
	}
	if max < 0 {
		luapattern.Open(h.state, luapattern.Options{})
		h.limitFormat(-1)
		return
	}
	luapattern.Open(h.state, luapattern.Options{MaxSize: max})
	h.limitConcat(max)
	h.limitFormat(max)
	capConcat(h.state, max)
	str, ok := h.state.GetGlobal("string").(*lua.LTable)
	if !ok {
		return
	}
	rep, ok := str.RawGetString("rep").(*lua.LFunction)
	if !ok {
		return
	}
	str.RawSetString("rep", h.state.NewFunction(func(L *lua.LState) int {
		s := L.CheckString(1)
		n := float64(L.CheckNumber(2))
		if size := float64(len(s)) * math.Floor(n); size > float64(max) {
			L.RaiseError("string.rep: the result would be %s, over the maximum string size of %s", bytesText(size), bytesText(float64(max)))
		}
		L.Push(rep)
		L.Push(L.Get(1))
		L.Push(L.Get(2))
		L.Call(2, 1)
		return 1
	}))
}

// limitConcat wraps table.concat so that a result over max bytes raises a
// Lua error instead of allocating it. It adds up the lengths first, up to
// the first value that is neither a string nor a number (where the
// original raises its own error). The .. operator has the same cap (see
// vmhooks.go).
func (h *Host) limitConcat(max int64) {
	tbl, ok := h.state.GetGlobal("table").(*lua.LTable)
	if !ok {
		return
	}
	concat, ok := tbl.RawGetString("concat").(*lua.LFunction)
	if !ok {
		return
	}
	tbl.RawSetString("concat", h.state.NewFunction(func(L *lua.LState) int {
		t := L.CheckTable(1)
		sep := L.OptString(2, "")
		i, j := L.OptInt(3, 1), L.OptInt(4, t.Len())
		var size int64
		for k := i; k <= j; k++ {
			v := t.RawGetInt(k)
			if v.Type() != lua.LTString && v.Type() != lua.LTNumber {
				break
			}
			size += int64(len(lua.LVAsString(v)))
			if k < j {
				size += int64(len(sep))
			}
			if size > max {
				L.RaiseError("table.concat: the result would be %s, over the maximum string size of %s", concatSize(t, sep, k, i, j, size), bytesText(float64(max)))
			}
		}
		top := L.GetTop()
		L.Push(concat)
		for n := 1; n <= top; n++ {
			L.Push(L.Get(n))
		}
		L.Call(top, 1)
		return 1
	}))
}

// concatSize is the size table.concat's result would have: size, counted
// up to index k, plus the rest from k+1 to j when that is short to count
// (at least size otherwise: "over 1 GiB").
func concatSize(t *lua.LTable, sep string, k, i, j int, size int64) string {
	const countMax = 1 << 16
	if j-k > countMax {
		return "over " + bytesText(float64(size))
	}
	for k++; k <= j; k++ {
		size += int64(len(lua.LVAsString(t.RawGetInt(k))))
		if k < j {
			size += int64(len(sep))
		}
	}
	return bytesText(float64(size))
}

// heapWatch is the memory limit's reading of the heap, used by the
// watchdog goroutine only; the threshold is its host's check's (ticks).
type heapWatch struct {
	ticks   *heapTicks
	sample  []metrics.Sample // heap objects, live heap at the last collection, collections
	gen     uint64           // the stretch of the first reading below
	atStart uint64           // heap when the watchdog first saw that stretch
	cycles  uint64           // collections finished by then
}

// Runtime metrics the watchdog reads besides heapMetric.
const (
	liveMetric   = "/gc/heap/live:bytes"        // marked live by the last collection
	cyclesMetric = "/gc/cycles/total:gc-cycles" // collections finished
)

func newHeapWatch(ticks *heapTicks) *heapWatch {
	if ticks == nil {
		return nil
	}
	return &heapWatch{ticks: ticks, sample: []metrics.Sample{{Name: heapMetric}, {Name: liveMetric}, {Name: cyclesMetric}}}
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
// (about twice MemoryLimit) and grew while that stretch ran, whatever
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
	limit := w.ticks.threshold.Load()
	if w.ticks.sharded {
		limit += w.ticks.headroom
	}
	if now <= limit || now <= w.atStart {
		return false
	}
	if cycles > w.cycles && live > limit {
		return true // a collection finished during the stretch found the heap over
	}
	w.ticks.collectSoon()
	return false
}

// bytesText formats a size in bytes for messages ("64 MiB", "4 GiB").
func bytesText(n float64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.4g GiB", n/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.4g MiB", n/(1<<20))
	}
	return fmt.Sprintf("%.0f bytes", n)
}
