-- flee.lua: run from the target until far enough away, then mark the
-- agent safe. It is a tree file for BTBehaviorTreeReference (see
-- scripts/flee_guard.lua): each reference gets its own instance, and its
-- variables (name, target, speed, safeDistance, safe) are the referencing
-- tree's unless the reference gives or remaps them.
Flee = BTAction:New()

function Flee:OnStart()
    self.distance = 0
end

function Flee:OnUpdate()
    self.distance = self.distance + self:GetVariable("speed")
    print(string.format("%s flees from the %s: %d m", self:GetVariable("name"), self:GetVariable("target"), self.distance))
    if self.distance >= self:GetVariable("safeDistance") then
        self:SetVariable("safe", true)
        return BTTaskStatus.Success
    end
    return BTTaskStatus.Running
end

local tree = BTBehaviorTree:New()
local run = BTSequence:New()
run.name = "Run"
run:AddChild(Flee:New())
run:AddChild(BTLog:New("safe"))
tree:SetStartTask(run)
return tree
