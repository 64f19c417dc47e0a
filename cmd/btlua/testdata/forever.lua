-- A patrol that never ends: --ticks stops the run with it still running.
Walk = BTAction:New()
Walk.name = "Walk"
function Walk:OnUpdate() return BTTaskStatus.Running end

local tree = BTBehaviorTree:New()
tree.name = "patrol"
local seq = BTSequence:New()
seq.name = "Seq"
seq:AddChild(Walk:New())
tree:SetStartTask(seq)
return tree
