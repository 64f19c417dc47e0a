-- Two guards share one flee tree (lib/flee.lua) through tree references,
-- each with variables of its own:
--   btlua scripts/flee_guard.lua
-- The scout runs fast from the parent's target; the veteran keeps the
-- parent's speed but flees from the parent's "enemy" (a remap), and his
-- reference owns "safe", so the parent's safe is set by the scout only.
local bt = require("bt")

local tree = BTBehaviorTree:New()
tree.name = "Guards"
local both = BTParallel:New()
both.name = "Both"
local scout = bt.BehaviorTreeReference:New("lib/flee.lua", { name = "scout", speed = 4 })
scout.name = "Scout"
local veteran = bt.BehaviorTreeReference:New("lib/flee.lua", {
    name = "veteran",
    target = bt.Variable("enemy"),
    safe = false,
})
veteran.name = "Veteran"
both:AddChild(scout)
both:AddChild(veteran)

local report = BTAction:New()
function report:OnUpdate()
    print("parent safe:", tostring(self:GetVariable("safe")))
    return BTTaskStatus.Success
end

local root = BTSequence:New()
root:AddChild(both)
root:AddChild(report)
tree:SetStartTask(root)
tree:SetVariable("target", "wolf")
tree:SetVariable("enemy", "bandit")
tree:SetVariable("speed", 2)
tree:SetVariable("safeDistance", 6)
print(tree:Render())
return tree
