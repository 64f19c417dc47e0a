package host

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// benchGuard is inspect/testdata/guard.lua's tree: a LowerPriority guard
// evaluated again on every tick, and a Lua action writing the blackboard.
const benchGuard = `
Sees = BTConditional:New()
function Sees:OnUpdate()
    if self:GetVariable("enemy") then return BTTaskStatus.Success end
    return BTTaskStatus.Failure
end
Walk = BTAction:New()
function Walk:OnUpdate()
    self:SetVariable("steps", self:GetVariable("steps") + 1)
    return BTTaskStatus.Running
end
local function named(task, name) task.name = name; return task end
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
guard.name = "guard"
guard:SetStartTask(root)
guard:SetVariable("steps", 0)
return guard
`

// BenchmarkHostTick1000Agents ticks a host of 1000 agents (the guard
// tree, seven tasks, a Lua conditional and a blackboard write per tick)
// with nobody listening to the event stream: the baseline of the
// inspector's overhead (BENCHMARKS.md). One op is one host tick.
func BenchmarkHostTick1000Agents(b *testing.B) {
	h, err := New(Options{Stdout: io.Discard})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	p := filepath.Join(b.TempDir(), "guard.lua")
	if err := os.WriteFile(p, []byte(benchGuard), 0o644); err != nil {
		b.Fatal(err)
	}
	for range 1000 {
		if _, err := h.LoadFile(p); err != nil {
			b.Fatal(err)
		}
	}
	h.Tick(0.1)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		h.Tick(0.1)
	}
}
