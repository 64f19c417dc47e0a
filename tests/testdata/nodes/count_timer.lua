-- Repeater(3)[Sequence[Wait(0.3), Fire]] under the Count execution type:
-- at 10 Hz Fire runs every 0.3 s of tree time, on ticks 4, 7 and 10.
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

local tree = BTBehaviorTree:New()
tree:SetStartTask(rep)
local before = tree:GetExecutionType()
tree:SetExecutionType(BTExecutionType.Count)
local et, max = tree:GetExecutionType()
print(string.format("execution type %d -> %d, max %d", before, et, max))
return tree
