-- A Selector whose first branch is guarded by a Lua conditional with a
-- LowerPriority abort: while the second branch runs, the guard is
-- re-evaluated every tick, and when it turns true the running branch is
-- ended and the first branch runs.
local enemy = false
Sees = BTConditional:New()
Sees.name = "sees"
function Sees:OnUpdate()
    if enemy then return BTTaskStatus.Success end
    return BTTaskStatus.Failure
end

Say = BTAction:New()
function Say:New(word) local o = {}; setmetatable(o, self); self.__index = self; o.name = word; return o end
function Say:OnUpdate()
    print(self:GetTickCount() .. " " .. self.name)
    if self:GetTickCount() == 3 then enemy = true end
    return BTTaskStatus.Running
end
function Say:OnEnd() print(self:GetTickCount() .. " end " .. self.name) end

local fight = BTSequence:New()
fight:SetAbortType(BTAbortType.LowerPriority)
fight:AddChild(Sees:New())
fight:AddChild(Say:New("fight"))
local root = BTSelector:New()
root:AddChild(fight)
root:AddChild(Say:New("wander"))
local tree = BTBehaviorTree:New()
tree:SetStartTask(root)
return tree
