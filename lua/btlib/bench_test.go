package btlib

import (
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
