-- Wait on the tree clock (dt 0.1 s in this test), and a PrioritySelector
-- ranking Lua tasks by GetPriority.
Ranked = BTAction:New()
function Ranked:New(name, p, result) local o = {}; setmetatable(o, self); self.__index = self; o.name, o.p, o.result = name, p, result; return o end
function Ranked:GetPriority() return self.p end
function Ranked:OnUpdate() print(string.format("%.1f %s", self:GetTime(), self.name)); return self.result end

local prio = BTPrioritySelector:New()
prio:AddChild(Ranked:New("low", 1, BTTaskStatus.Success))
prio:AddChild(Ranked:New("high", 5, BTTaskStatus.Failure))
prio:AddChild(Ranked:New("mid", 3, BTTaskStatus.Success))
local seq = BTSequence:New()
seq:AddChild(BTWait:New(0.3))
seq:AddChild(prio)
return seq
