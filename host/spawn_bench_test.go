package host

import (
	"io"
	"testing"
	"testing/fstest"
)

// warriorFactory is bench/warrior's seed-style warrior (Lua actions, Lua
// preconditions over the agent's input table) as a factory for Spawn.
const warriorFactory = `
WarriorAction = BTAction:New()
function WarriorAction:New(name)
    local o = {}
    setmetatable(o, self)
    self.__index = self
    o.name = name
    return o
end
function WarriorAction:OnUpdate() return BTTaskStatus.Running end
local function branch(class, conditions, children)
    local node = class:New()
    for _, c in ipairs(conditions) do node:AddCondition(c) end
    for _, c in ipairs(children) do node:AddChild(c) end
    return node
end
return function(args)
    local input = { visible = false, distance = 70, health = 800 }
    local target = function() return input.visible end
    local alert = function() return input.distance < 50 end
    local anger = function() return input.distance < 10 end
    local low = function() return input.health < 500 end
    local hasTarget, noTarget = BTPrecondition:New(target), BTPreconditionNOT:New(target)
    local isAlert, notAlert = BTPrecondition:New(alert), BTPreconditionNOT:New(alert)
    local isAnger, notAnger = BTPrecondition:New(anger), BTPreconditionNOT:New(anger)
    local hpLow, hpHigh = BTPrecondition:New(low), BTPreconditionNOT:New(low)
    local act = WarriorAction.New
    local root = BTSelector:New()
    root:AddChild(branch(BTSequence, { noTarget, notAlert }, { act(WarriorAction, "patrol") }))
    root:AddChild(branch(BTSequence, { noTarget, isAlert }, { act(WarriorAction, "alert") }))
    root:AddChild(branch(BTSequence, { hasTarget, hpLow }, { act(WarriorAction, "run away") }))
    root:AddChild(branch(BTSelector, { hasTarget, hpHigh }, {
        branch(BTSequence, { isAnger }, { act(WarriorAction, "crazy attack") }),
        branch(BTSequence, { notAnger }, { act(WarriorAction, "attack") }),
    }))
    local brain = BTRepeater:New()
    brain:AddChild(root)
    local tree = BTBehaviorTree:New()
    tree:SetStartTask(brain)
    return tree
end
`

// BenchmarkSpawn1000: Host.Spawn of 1000 warrior agents (one op, the host
// opened outside the timer); µs/agent is reported.
func BenchmarkSpawn1000(b *testing.B) {
	const n = 1000
	fsys := fstest.MapFS{"warrior.lua": {Data: []byte(warriorFactory)}}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		h, err := New(Options{Stdout: io.Discard, FS: fsys})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for range n {
			if _, err := h.Spawn("warrior.lua", nil); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		h.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/n, "µs/agent")
}
