-- A Lua composite in the series' style ticks its children itself
-- (child:OnUpdate()); a Lua leaf under it reads the tree clock and the
-- blackboard through every tree accessor of a task.
Reader = BTAction:New()
Reader.name = "reader"
function Reader:New() local o = {}; setmetatable(o, self); self.__index = self; return o end
function Reader:OnUpdate()
    local n = self:GetTickCount()
    self:SetVariable("seen", n)
    local t = self:GetTime()
    print(string.format("tick %d time %.6f (n/60 s: %s) v=%s seen=%s", n, t,
        tostring(math.abs(t - n / 60) < 1e-12), tostring(self:GetVariable("v")), tostring(self:GetVariable("seen"))))
    if n < 3 then return BTTaskStatus.Running end
    return BTTaskStatus.Success
end

SeriesSequence = BTComposite:New()
SeriesSequence.name = "series"
function SeriesSequence:New() local o = {}; setmetatable(o, self); self.__index = self; return o end
function SeriesSequence:OnUpdate()
    for i = 1, #self.childTasks do
        local s = self.childTasks[i]:OnUpdate()
        if s ~= BTTaskStatus.Success then return s end
    end
    return BTTaskStatus.Success
end

-- Two levels of Lua composites: neither the inner one nor the leaf is ever
-- ticked by Go.
local inner = SeriesSequence:New()
inner:AddChild(Reader:New())
local seq = SeriesSequence:New()
seq:AddChild(inner)
local tree = BTBehaviorTree:New()
tree:SetVariable("v", 7)
tree:SetStartTask(seq)
return tree
