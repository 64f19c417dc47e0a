-- A LowerPriority-guarded branch under a parallel composite: the children
-- of a parallel run side by side and none is of lower priority than
-- another, so the guard that fails on tick 1 is never re-evaluated, even
-- after it would have turned true on tick 3.
Logged = BTAction:New()
function Logged:New(name) local o = {}; setmetatable(o, self); self.__index = self; o.name = name; return o end
function Logged:OnStart() print(self:GetTickCount() .. " start " .. self.name) end
function Logged:OnEnd() print(self:GetTickCount() .. " end " .. self.name) end
function Logged:OnUpdate() return BTTaskStatus.Running end

Guard = BTConditional:New()
Guard.New, Guard.OnStart, Guard.OnEnd = Logged.New, Logged.OnStart, Logged.OnEnd
function Guard:OnUpdate()
    if self:GetTickCount() >= 3 then return BTTaskStatus.Success end
    return BTTaskStatus.Failure
end

local guarded = BTSequence:New()
guarded:SetAbortType(BTAbortType.LowerPriority)
guarded:AddChild(Guard:New("C"))
guarded:AddChild(Logged:New("A"))
local root = BTParallelSelector:New()
root:AddChild(guarded)
root:AddChild(Logged:New("B"))
local tree = BTBehaviorTree:New()
tree:SetStartTask(root)
return tree
