package host

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// refBenchLeaf is the Lua leaf of the reference benchmarks: it reads a
// variable (so the subtree's variable scope is on the measured path) and
// returns its result.
const refBenchLeaf = `
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

// refBenchFiles returns the files of n agents whose tree is a Sequence
// over the 10-task tree of benchTrees, written inline (mode "inline") or
// as a reference to sub.lua, a factory (mode "reference"), or inline
// under a built-in decorator (mode "decorated": the cost of one more
// parent, which a reference is), or inline with, made after each agent's
// tree, a task that never ticks and a table with a string, kept alive
// (mode "unticked": about what a reference keeps of its own per agent,
// its Lua task, table and record, off the tick path).
func refBenchFiles(n int, mode string) map[string]string {
	return map[string]string{
		"leaf.lua": refBenchLeaf,
		"sub.lua":  "return function(vars) return BuildSub() end\n",
		"main.lua": fmt.Sprintf(`
dofile(%q)
local trees, kept = {}, {}
for i = 1, %d do
    local root = BTSequence:New()
    local mode = %q
    if mode == "inline" then root:AddChild(BuildSub())
    elseif mode == "unticked" then
        root:AddChild(BuildSub())
        kept[i] = { BTWait:New(1), { where = "main.lua:" .. i } }
    elseif mode == "decorated" then
        local d = BTReturnSuccess:New(); d:AddChild(BuildSub()); root:AddChild(d)
    else root:AddChild(BTBehaviorTreeReference:New("sub.lua")) end
    local tree = BTBehaviorTree:New()
    tree:SetStartTask(root)
    tree:SetRestartWhenComplete(true)
    tree:SetVariable("speed", 3)
    trees[i] = tree
end
KEPT = kept
return trees
`, "LEAF", n, mode),
	}
}

// refBenchHost writes the files into dir and returns a host and the
// main script's path.
func refBenchHost(b *testing.B, dir string, files map[string]string) (*Host, string) {
	for name, text := range files {
		if name == "main.lua" {
			text = replaceLeaf(text, filepath.Join(dir, "leaf.lua"))
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	h, err := New(Options{Stdout: io.Discard})
	if err != nil {
		b.Fatal(err)
	}
	return h, filepath.Join(dir, "main.lua")
}

// replaceLeaf puts the leaf file's path in main.lua's dofile.
func replaceLeaf(text, leaf string) string {
	return strings.ReplaceAll(text, `"LEAF"`, fmt.Sprintf("%q", leaf))
}

// BenchmarkReferenceBuild: LoadFile of 1000 agents, each a Sequence over
// the 10-task tree inline or through a tree reference to a factory file.
// ns/op is one load of the 1000 agents (the host's own start is not
// timed).
func BenchmarkReferenceBuild(b *testing.B) {
	for _, mode := range []string{"inline", "decorated", "reference"} {
		b.Run(mode, func(b *testing.B) {
			dir := b.TempDir()
			files := refBenchFiles(1000, mode)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				h, path := refBenchHost(b, dir, files)
				b.StartTimer()
				if _, err := h.LoadFile(path); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				h.Close()
				b.StartTimer()
			}
		})
	}
}

// BenchmarkReferenceTick: one host tick of the 1000 agents of
// BenchmarkReferenceBuild. ns/op is per host tick.
func BenchmarkReferenceTick(b *testing.B) {
	for _, mode := range []string{"inline", "decorated", "reference"} {
		b.Run(mode, func(b *testing.B) {
			h, path := refBenchHost(b, b.TempDir(), refBenchFiles(1000, mode))
			// Close (1000 agents' OnEnd) is not part of a tick.
			defer func() { b.StopTimer(); h.Close() }()
			if _, err := h.LoadFile(path); err != nil {
				b.Fatal(err)
			}
			benchTicks(b, h)
		})
	}
}
