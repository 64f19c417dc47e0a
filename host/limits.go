package host

import (
	"fmt"
	"math"
	"runtime"
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
// (limitConcat). max < 0 means no cap.
func (h *Host) limitStrings(max int64) {
	if max == 0 {
		max = DefaultMaxStringSize
	}
	if max < 0 {
		luapattern.Open(h.state, luapattern.Options{})
		return
	}
	luapattern.Open(h.state, luapattern.Options{MaxSize: max})
	h.limitConcat(max)
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
// original raises its own error). The .. operator has no such cap: a
// string that grows by concatenation is bounded by the memory limit's
// watchdog (and the CPU budget) only.
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
	sample  []metrics.Sample
	gen     uint64 // the stretch of the first reading below
	atStart uint64 // heap when the watchdog first saw that stretch
}

func newHeapWatch(ticks *heapTicks) *heapWatch {
	if ticks == nil {
		return nil
	}
	return &heapWatch{ticks: ticks, sample: []metrics.Sample{{Name: heapMetric}}}
}

func (w *heapWatch) heap() uint64 {
	metrics.Read(w.sample)
	if w.sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return w.sample[0].Value.Uint64()
}

// over reports whether the stretch gen has made the heap cross the
// threshold: the heap is over it (after a collection, so garbage does
// not count) and has grown since the watchdog first saw the stretch
// (two readings, a period apart at least). A stretch that allocates
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
	now := w.heap()
	if gen != w.gen {
		w.gen, w.atStart = gen, now
		return false
	}
	limit := w.ticks.threshold.Load()
	if w.ticks.sharded {
		limit += w.ticks.headroom
	}
	if now <= limit || now <= w.atStart {
		return false
	}
	runtime.GC()
	return w.heap() > limit
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
