package btlib

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// refBenchSub is the 10-task tree of benchTree as a factory file, its
// leaves reading a variable.
const refBenchSub = `
Leaf = BTAction:New()
function Leaf:New(result)
    local o = {}
    setmetatable(o, self)
    self.__index = self
    o.result = result
    return o
end
function Leaf:OnUpdate() local _ = self:GetVariable("speed") return self.result end
local S, F = BTTaskStatus.Success, BTTaskStatus.Failure
function BuildSub()
    local sel, seq, par = BTSelector:New(), BTSequence:New(), BTParallel:New()
    sel:AddChild(Leaf:New(F)); sel:AddChild(Leaf:New(S))
    seq:AddChild(Leaf:New(S)); seq:AddChild(Leaf:New(S))
    par:AddChild(Leaf:New(S)); par:AddChild(Leaf:New(S))
    local root = BTSequence:New()
    root:AddChild(sel); root:AddChild(seq); root:AddChild(par)
    return root
end
`

// refBenchMain builds N trees, each a Sequence over BuildSub's tree
// inline (MODE "inline"), under a BTReturnSuccess ("decorated") or
// through a reference to sub.lua ("reference").
const refBenchMain = `
dofile(LEAF)
local trees = {}
for i = 1, N do
    local root = BTSequence:New()
    if MODE == "inline" then root:AddChild(BuildSub())
    elseif MODE == "decorated" then
        local d = BTReturnSuccess:New(); d:AddChild(BuildSub()); root:AddChild(d)
    else root:AddChild(BTBehaviorTreeReference:New("sub.lua")) end
    local tree = BTBehaviorTree:New()
    tree:SetStartTask(root)
    tree:SetRestartWhenComplete(true)
    tree:SetVariable("speed", 3)
    trees[i] = tree
end
return trees
`

// refBenchTrees loads n trees of mode (see refBenchMain).
func refBenchTrees(b *testing.B, n int, mode string) (*Lib, []*Tree) {
	dir := b.TempDir()
	files := map[string]string{
		"leaf.lua": refBenchSub,
		"sub.lua":  "return function(vars) return BuildSub() end\n",
		"main.lua": refBenchMain,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	L := lua.NewState()
	b.Cleanup(L.Close)
	lib, err := Open(L, Options{Stdout: io.Discard})
	if err != nil {
		b.Fatal(err)
	}
	L.SetGlobal("LEAF", lua.LString(filepath.Join(dir, "leaf.lua")))
	L.SetGlobal("N", lua.LNumber(n))
	L.SetGlobal("MODE", lua.LString(mode))
	fn, err := L.LoadFile(filepath.Join(dir, "main.lua"))
	if err != nil {
		b.Fatal(err)
	}
	ret, err := call1(L, fn)
	if err != nil {
		b.Fatal(err)
	}
	tbl := ret.(*lua.LTable)
	trees := make([]*Tree, 0, n)
	for i := 1; i <= tbl.Len(); i++ {
		tr, err := lib.TreeOf(tbl.RawGetInt(i))
		if err != nil {
			b.Fatal(err)
		}
		trees = append(trees, tr)
	}
	return lib, trees
}

// BenchmarkReferenceTickLua: one tick of n trees of Lua leaves, the
// 10-task tree inline, under a decorator, or through a tree reference.
// ns/op is per tick of all n trees.
func BenchmarkReferenceTickLua(b *testing.B) {
	for _, n := range []int{1, 1000} {
		for _, mode := range []string{"inline", "decorated", "reference"} {
			b.Run(fmt.Sprintf("%s-%d", mode, n), func(b *testing.B) {
				lib, trees := refBenchTrees(b, n, mode)
				status := make([]bt.Status, len(trees))
				for range 3 {
					if err := lib.TickTrees(trees, 1.0/60, status); err != nil {
						b.Fatal(err)
					}
				}
				if status[0] != bt.Success {
					b.Fatalf("status %v, want Success", status[0])
				}
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					lib.TickTrees(trees, 1.0/60, status)
				}
			})
		}
	}
}
