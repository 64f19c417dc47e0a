-- Repeater(3)[Sequence[Wait(0.3), Fire]]: at 10 Hz Fire runs on ticks
-- 4, 8 and 12 under the default execution type (NoDuplicates), on ticks
-- 4, 7 and 10 under --execution-type count.
Fire = BTAction:New()
function Fire:OnUpdate()
    print(string.format("fire on tick %d at %.1f s", self:GetTickCount(), self:GetTime()))
    return BTTaskStatus.Success
end

local seq = BTSequence:New()
seq:AddChild(BTWait:New(0.3))
seq:AddChild(Fire:New())
local rep = BTRepeater:New(3)
rep:AddChild(seq)
return rep
