-- A guard that rests briefly, then wanders, counting its steps on the blackboard, until it
-- sees an enemy (the blackboard's "enemy", set by Wander at step
-- enemyAt); a LowerPriority abort then ends Wander and Fight runs Attack,
-- which stays Running. Used by the inspector's tests.
local enemyAt = ENEMY_AT or 40

Sees = BTConditional:New()
function Sees:OnUpdate()
    if self:GetVariable("enemy") then return BTTaskStatus.Success end
    return BTTaskStatus.Failure
end

Walk = BTAction:New()
function Walk:OnUpdate()
    local n = self:GetVariable("steps") + 1
    self:SetVariable("steps", n)
    if n == enemyAt then self:SetVariable("enemy", true) end
    return BTTaskStatus.Running
end

local function named(task, name) task.name = name; return task end

local fight = named(BTSequence:New(), "Fight")
fight:SetAbortType(BTAbortType.LowerPriority)
fight:AddChild(named(Sees:New(), "Sees"))
fight:AddChild(named(Walk:New(), "Attack"))
local root = named(BTSelector:New(), "Root")
root:AddChild(fight)
local patrol = named(BTSequence:New(), "Patrol")
patrol:AddChild(named(BTWait:New(0.05), "Rest"))
patrol:AddChild(named(Walk:New(), "Wander"))
root:AddChild(patrol)

local guard = BTBehaviorTree:New()
guard.name = "guard"
guard:SetStartTask(root)
guard:SetVariable("steps", 0)
return guard
