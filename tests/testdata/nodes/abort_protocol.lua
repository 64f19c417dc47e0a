-- A selector written with Behavior Designer's ParentTask protocol over two
-- LowerPriority-guarded branches and a patrol. Both guards turn true on
-- tick 3: the first aborts the patrol and its branch runs; the second,
-- now to the right of the running branch, is not re-evaluated again.
PSelector = BTComposite:New()
PSelector.name = "pselector"
function PSelector:New() local o = {}; setmetatable(o, self); self.__index = self; o.index = 1; o.last = nil; return o end
function PSelector:CanExecute() return self.index <= #self.childTasks and self.last ~= BTTaskStatus.Success end
function PSelector:CurrentChildIndex() return self.index end
function PSelector:OnChildExecuted(i, s) self.index = i + 1; self.last = s end
function PSelector:OnConditionalAbort(i) self.index = i; self.last = nil end
function PSelector:OnEnd() self.index = 1; self.last = nil end

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

local function guarded(n)
    local s = BTSequence:New()
    s:SetAbortType(BTAbortType.LowerPriority)
    s:AddChild(Guard:New("C" .. n))
    s:AddChild(Logged:New("A" .. n))
    return s
end

local root = PSelector:New()
root:AddChild(guarded(1))
root:AddChild(guarded(2))
root:AddChild(Logged:New("Patrol"))
local tree = BTBehaviorTree:New()
tree:SetStartTask(root)
return tree
