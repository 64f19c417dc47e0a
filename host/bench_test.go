package host

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// benchTrees returns a script making n copies of the 10-task tree of
// lua/btlib's BenchmarkTreeTickLuaLeaves (Sequence over a Selector, a
// Sequence and a Parallel of two leaves each): with Lua leaves (their
// class overrides OnUpdate, and OnStart and OnEnd with hooks) or with
// built-in BTAction leaves only (Go-only ticking).
func benchTrees(n int, leaves string) string {
	return fmt.Sprintf(`
Leaf = BTAction:New()
function Leaf:New(result)
    local o = {}
    setmetatable(o, self)
    self.__index = self
    o.result = result
    return o
end
local mode = %q
if mode ~= "go" then function Leaf:OnUpdate() return self.result end end
if mode == "hooks" then
    function Leaf:OnStart() self.n = 0 end
    function Leaf:OnEnd() self.n = 1 end
end
local S, F = BTTaskStatus.Success, BTTaskStatus.Failure
local trees = {}
for i = 1, %d do
    local sel, seq, par = BTSelector:New(), BTSequence:New(), BTParallel:New()
    if mode == "go" then sel:AddChild(BTInverter:New()); sel.childTasks[1]:AddChild(BTAction:New())
    else sel:AddChild(Leaf:New(F)) end
    sel:AddChild(Leaf:New(S))
    seq:AddChild(Leaf:New(S)); seq:AddChild(Leaf:New(S))
    par:AddChild(Leaf:New(S)); par:AddChild(Leaf:New(S))
    local root = BTSequence:New()
    root:AddChild(sel); root:AddChild(seq); root:AddChild(par)
    local tree = BTBehaviorTree:New()
    tree:SetStartTask(root)
    tree:SetRestartWhenComplete(true)
    trees[i] = tree
end
return trees
`, leaves, n)
}

// BenchmarkHostTick: one host tick of 100 agents, each the 10-task tree
// of benchTrees, without and with a CPU budget. ns/op is per host tick;
// divide by 100 for a tree tick.
func BenchmarkHostTick(b *testing.B) {
	for _, leaves := range []string{"go", "lua", "hooks"} {
		for _, budget := range []time.Duration{0, time.Second} {
			b.Run(fmt.Sprintf("leaves=%s/budget=%v", leaves, budget), func(b *testing.B) {
				h, err := New(Options{Stdout: io.Discard, Budget: budget})
				if err != nil {
					b.Fatal(err)
				}
				defer h.Close()
				path := filepath.Join(b.TempDir(), "bench.lua")
				if err := os.WriteFile(path, []byte(benchTrees(100, leaves)), 0o644); err != nil {
					b.Fatal(err)
				}
				if _, err := h.LoadFile(path); err != nil {
					b.Fatal(err)
				}
				for i := 0; i < 3; i++ {
					if err := h.Tick(1.0 / 60); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if err := h.Tick(1.0 / 60); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
