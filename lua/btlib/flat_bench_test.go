package btlib

import (
	"io"
	"slices"
	"syscall"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// flatBenchScript is the inspector's guard (inspect/testdata/guard.lua)
// as a factory: Guard() makes one agent's tree; the classes are shared.
// Sees calls self:GetVariable, Walk self:GetVariable and self:SetVariable
// each tick: inherited methods of BTTask, two classes up.
const flatBenchScript = `
Sees = BTConditional:New()
function Sees:OnUpdate()
    if self:GetVariable("enemy") then return BTTaskStatus.Success end
    return BTTaskStatus.Failure
end
Walk = BTAction:New()
function Walk:OnUpdate()
    local n = self:GetVariable("steps") + 1
    self:SetVariable("steps", n)
    return BTTaskStatus.Running
end
local function named(task, name) task.name = name; return task end
function Guard()
    local fight = named(BTSequence:New(), "Fight")
    fight:SetAbortType(BTAbortType.LowerPriority)
    fight:AddChild(named(Sees:New(), "Sees"))
    fight:AddChild(named(Walk:New(), "Attack"))
    local root = named(BTSelector:New(), "Root")
    root:AddChild(fight)
    local patrol = named(BTSequence:New(), "Patrol")
    patrol:AddChild(named(BTWait:New(0.05), "Rest"))
    patrol:AddChild(named(Walk:New(), "Wander"))
    root:AddChild(patrol)
    local guard = BTBehaviorTree:New()
    guard:SetStartTask(root)
    guard:SetVariable("steps", 0)
    return guard
end
`

// flatCrowd builds n guards in a new Lua state.
func flatCrowd(b *testing.B, n int) (*Lib, []*Tree) {
	L := lua.NewState()
	b.Cleanup(L.Close)
	lib, err := Open(L, Options{Stdout: io.Discard})
	if err != nil {
		b.Fatal(err)
	}
	if err := L.DoString(flatBenchScript); err != nil {
		b.Fatal(err)
	}
	trees := make([]*Tree, n)
	for i := range trees {
		if err := L.CallByParam(lua.P{Fn: L.GetGlobal("Guard"), NRet: 1, Protect: true}); err != nil {
			b.Fatal(err)
		}
		if trees[i], err = lib.TreeOf(L.Get(-1)); err != nil {
			b.Fatal(err)
		}
		L.Pop(1)
	}
	return lib, trees
}

// cpuTime returns the process's user and system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkFlatMethodCalls: what the batches' method copies win, measured
// inside one process so that both sides see the same machine: two crowds
// of 1000 guards, one ticked with the copies (on) and one without (off),
// in alternating slices of 4 host ticks (TickTrees), each slice timed by
// the process's CPU time. One op is one pair of slices; reported: the
// median CPU ms per host tick of each side and the median of the pairs'
// ratios off/on (above 1: the copies win).
func BenchmarkFlatMethodCalls(b *testing.B) {
	const agents, slice = 1000, 4
	libOn, on := flatCrowd(b, agents)
	libOff, off := flatCrowd(b, agents)
	tick := func(lib *Lib, trees []*Tree, flat bool) time.Duration {
		flattenBatches = flat
		defer func() { flattenBatches = true }()
		start := cpuTime()
		for range slice {
			if err := lib.TickTrees(trees, 0.1, nil); err != nil {
				b.Fatal(err)
			}
		}
		return cpuTime() - start
	}
	tick(libOn, on, true) // warm up: hooks looked up, classes registered
	tick(libOff, off, false)
	var onT, offT, ratio []float64
	for i := 0; b.Loop(); i++ {
		var a, c time.Duration
		if i%2 == 0 {
			a, c = tick(libOn, on, true), tick(libOff, off, false)
		} else {
			c, a = tick(libOff, off, false), tick(libOn, on, true)
		}
		if a <= 0 || c <= 0 {
			continue // below the clock's resolution
		}
		onT = append(onT, float64(a)/slice/1e6)
		offT = append(offT, float64(c)/slice/1e6)
		ratio = append(ratio, float64(c)/float64(a))
	}
	for _, tr := range append(on, off...) {
		if tr.Err != nil {
			b.Fatal(tr.Err)
		}
	}
	median := func(x []float64) float64 {
		if len(x) == 0 {
			return 0
		}
		slices.Sort(x)
		return x[len(x)/2]
	}
	b.ReportMetric(median(onT), "on-cpu-ms/tick")
	b.ReportMetric(median(offT), "off-cpu-ms/tick")
	b.ReportMetric(median(ratio), "off/on")
}

// BenchmarkFlattenUnflatten: what the copies cost a batch, made and
// removed (one op), for the guards' two classes (Sees and Walk, whose
// tasks override OnUpdate; the built-in classes of the other tasks have
// no copies).
func BenchmarkFlattenUnflatten(b *testing.B) {
	lib, trees := flatCrowd(b, 100)
	if err := lib.TickTrees(trees, 0.1, nil); err != nil { // registers the classes
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		lib.st.Flatten()
		lib.st.Unflatten()
	}
}
