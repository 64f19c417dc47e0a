-- A worker that gets ready, then works, counting its steps on the
-- blackboard, and raises an error at step FAIL_AT and at step
-- FAIL_AGAIN (the count is kept across a restart). Used by the
-- inspector's tests of errors.
local failAt, again = FAIL_AT or 2, FAIL_AGAIN or -1

Work = BTAction:New()
function Work:OnUpdate()
    local n = self:GetVariable("n") + 1
    self:SetVariable("n", n)
    if n == failAt or n == again then error("boom at " .. n) end
    return BTTaskStatus.Running
end

Ready = BTAction:New()
function Ready:OnUpdate() return BTTaskStatus.Success end

local function named(task, name) task.name = name; return task end

local root = named(BTSequence:New(), "Root")
root:AddChild(named(Ready:New(), "Ready"))
root:AddChild(named(Work:New(), "Work"))

local tree = BTBehaviorTree:New()
tree.name = "faulty"
tree:SetStartTask(root)
tree:SetVariable("n", 0)
return tree
