package btlib

import (
	"fmt"
	"io"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// benchTree builds a 10-task tree whose 6 leaves are Lua classes:
//
//	Sequence
//	  Selector: Leaf(Failure), Leaf(Success)
//	  Sequence: Leaf, Leaf
//	  Parallel: Leaf, Leaf
//
// With hooks, the leaf class also overrides OnStart and OnEnd.
const benchTree = `
Leaf = BTAction:New()
function Leaf:New(result)
    local o = {}
    setmetatable(o, self)
    self.__index = self
    o.result = result
    return o
end
function Leaf:OnUpdate() return self.result end
if WITH_HOOKS then
    function Leaf:OnStart() self.n = 0 end
    function Leaf:OnEnd() self.n = 1 end
end
local S, F = BTTaskStatus.Success, BTTaskStatus.Failure
local sel, seq, par = BTSelector:New(), BTSequence:New(), BTParallel:New()
sel:AddChild(Leaf:New(F)); sel:AddChild(Leaf:New(S))
seq:AddChild(Leaf:New(S)); seq:AddChild(Leaf:New(S))
par:AddChild(Leaf:New(S)); par:AddChild(Leaf:New(S))
local root = BTSequence:New()
root:AddChild(sel); root:AddChild(seq); root:AddChild(par)
local tree = BTBehaviorTree:New()
tree:SetStartTask(root)
tree:SetRestartWhenComplete(true)
return tree
`

func benchmarkTree(b *testing.B, hooks bool) {
	L := lua.NewState()
	defer L.Close()
	lib, err := Open(L, Options{Stdout: io.Discard})
	if err != nil {
		b.Fatal(err)
	}
	L.SetGlobal("WITH_HOOKS", lua.LBool(hooks))
	if err := L.DoString(benchTree); err != nil {
		b.Fatal(err)
	}
	tr, err := lib.TreeOf(L.Get(-1))
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 3; i++ { // warm up method caches
		if _, err := lib.TickTree(tr, 1.0/60); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := lib.TickTree(tr, 1.0/60)
		if err != nil || s != bt.Success {
			b.Fatalf("tick: %v %v", s, err)
		}
	}
}

// BenchmarkTreeTickLuaLeaves: one tick of the whole 10-task tree (every
// task starts, updates and ends), leaves overriding OnUpdate only.
func BenchmarkTreeTickLuaLeaves(b *testing.B) { benchmarkTree(b, false) }

// BenchmarkTreeTickLuaLeavesHooks: the same with OnStart and OnEnd in Lua.
func BenchmarkTreeTickLuaLeavesHooks(b *testing.B) { benchmarkTree(b, true) }

// buildScript builds, from Lua, a tree of N tasks in the shape SHAPE:
// "top-down" and "bottom-up" chains of BTSequence over a BTIdle leaf (the
// parent:AddChild(child) order of each), or "parallel-wide", a BTParallel
// over N BTIdle leaves.
const buildScript = `
local root
if SHAPE == "top-down" then
    root = BTSequence:New()
    local p = root
    for _ = 2, N do
        local c = BTSequence:New()
        p:AddChild(c)
        p = c
    end
    p:AddChild(BTIdle:New())
elseif SHAPE == "bottom-up" then
    root = BTIdle:New()
    for _ = 1, N do
        local p = BTSequence:New()
        p:AddChild(root)
        root = p
    end
else
    root = BTParallel:New()
    for _ = 1, N do root:AddChild(BTIdle:New()) end
end
local tree = BTBehaviorTree:New()
tree:SetStartTask(root)
return tree
`

// BenchmarkBuildLua runs buildScript in a new Lua state (each op: the
// script, then, for the -tick variants, the tree's first tick).
func BenchmarkBuildLua(b *testing.B) {
	for _, shape := range []string{"top-down", "bottom-up", "parallel-wide"} {
		for _, n := range []int{20_000, 100_000} {
			for _, tick := range []bool{false, true} {
				name := fmt.Sprintf("%s-%d", shape, n)
				if tick {
					name += "-tick"
				}
				b.Run(name, func(b *testing.B) {
					for b.Loop() {
						buildLua(b, shape, n, tick)
					}
				})
			}
		}
	}
}

func buildLua(b *testing.B, shape string, n int, tick bool) {
	L := lua.NewState()
	defer L.Close()
	lib, err := Open(L, Options{Stdout: io.Discard})
	if err != nil {
		b.Fatal(err)
	}
	L.SetGlobal("SHAPE", lua.LString(shape))
	L.SetGlobal("N", lua.LNumber(n))
	if err := L.DoString(buildScript); err != nil {
		b.Fatal(err)
	}
	tr, err := lib.TreeOf(L.Get(-1))
	if err != nil {
		b.Fatal(err)
	}
	if tick {
		if s, err := lib.TickTree(tr, 1.0/60); err != nil || s != bt.Running {
			b.Fatalf("first tick: %v %v", s, err)
		}
	}
}
