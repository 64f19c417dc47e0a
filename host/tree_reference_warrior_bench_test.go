package host

import (
	"fmt"
	"testing"
)

// refWarriorLib is the warrior tree of bench/warrior ("goconds":
// declarative Go preconditions over the tree's variables, Lua action
// leaves) for the reference benchmarks: each action keeps running and,
// every few ticks, draws the agent's next situation into the variables
// (as bench/warrior/spawn.lua does), so branches switch and conditions
// are read through the reference's scope. BuildFight is the branch that
// the "reference" mode puts in a file of its own.
const refWarriorLib = `
local Running = BTTaskStatus.Running
hist = {}
Act = BTAction:New()
function Act:New(name)
    local o = {}
    setmetatable(o, self)
    self.__index = self
    o.name = name
    o.n = 0
    return o
end
function Act:OnUpdate()
    self.n = self.n + 1
    hist[self.name] = (hist[self.name] or 0) + 1
    local seed = self:GetVariable("seed")
    if (self.n + seed) % 4 == 0 then
        seed = seed * 16807 % 2147483647
        self:SetVariable("seed", seed)
        self:SetVariable("health", seed % 1000)
        self:SetVariable("distance", math.floor(seed / 1000) % 100)
        self:SetVariable("visible", math.floor(seed / 100000) % 2 == 0)
    end
    return Running
end
function Branch(class, conds, children)
    local node = class:New()
    for _, c in ipairs(conds) do
        if c[1] == "not" then node:AddConditionNot(c[2], c[3], c[4])
        else node:AddCondition(c[1], c[2], c[3]) end
    end
    for _, c in ipairs(children) do node:AddChild(c) end
    return node
end
function BuildFight()
    return Branch(BTSelector, { { "visible" }, { "not", "health", "<", 500 } }, {
        Branch(BTSequence, { { "distance", "<", 10 } }, { Act:New("crazy attack") }),
        Branch(BTSequence, { { "not", "distance", "<", 10 } }, { Act:New("attack") }),
    })
end
`

// refWarriorFiles returns the files of n warriors, the fight branch
// written inline (mode "inline") or as a reference to fight.lua, a
// factory (mode "reference").
func refWarriorFiles(n int, mode string) map[string]string {
	return map[string]string{
		"leaf.lua": refWarriorLib,
		"sub.lua":  "return function(vars) return BuildFight() end\n",
		"main.lua": fmt.Sprintf(`
dofile(%q)
local trees = {}
for i = 1, %d do
    local root = BTSelector:New()
    root:AddChild(Branch(BTSequence, { { "not", "visible" }, { "not", "distance", "<", 50 } }, { Act:New("patrol") }))
    root:AddChild(Branch(BTSequence, { { "not", "visible" }, { "distance", "<", 50 } }, { Act:New("alert") }))
    root:AddChild(Branch(BTSequence, { { "visible" }, { "health", "<", 500 } }, { Act:New("run away") }))
    if %q == "inline" then root:AddChild(BuildFight())
    else root:AddChild(BTBehaviorTreeReference:New("sub.lua")) end
    local brain = BTRepeater:New()
    brain:AddChild(root)
    local tree = BTBehaviorTree:New()
    tree:SetStartTask(brain)
    tree:SetExecutionType(BTExecutionType.Count)
    local seed = 1 + i * 48271 %% 2147483646
    tree:SetVariable("seed", seed)
    tree:SetVariable("health", seed %% 1000)
    tree:SetVariable("distance", math.floor(seed / 1000) %% 100)
    tree:SetVariable("visible", math.floor(seed / 100000) %% 2 == 0)
    trees[i] = tree
end
return trees
`, "LEAF", n, mode),
	}
}

// BenchmarkReferenceWarrior: one host tick of 1000 warriors (bench/warrior's
// tree, 13 tasks) whose fight branch (5 tasks) is inline or a tree
// reference. ns/op is per host tick.
func BenchmarkReferenceWarrior(b *testing.B) {
	for _, mode := range []string{"inline", "reference"} {
		b.Run(mode, func(b *testing.B) {
			h, path := refBenchHost(b, b.TempDir(), refWarriorFiles(1000, mode))
			defer func() { b.StopTimer(); h.Close() }()
			if _, err := h.LoadFile(path); err != nil {
				b.Fatal(err)
			}
			benchTicks(b, h)
		})
	}
}
