-- Guards on the wall, one agent each: the script returns a factory, which
-- btlua --agents N calls once per agent with {index = i, count = N}, so
-- each guard has variables of its own (its post, its round's length).
--   btlua --fast --agents 3 --ticks 8 scripts/guards.lua

-- Walk: one step of the round a tick; Success when the round is done.
Walk = BTAction:New()
Walk.name = "Walk"

function Walk:OnStart()
    self.steps = 0
end

function Walk:OnUpdate()
    self.steps = self.steps + 1
    print(self:GetVariable("post") .. ": step " .. self.steps .. " of " .. self:GetVariable("round"))
    if self.steps == self:GetVariable("round") then
        return BTTaskStatus.Success
    end
    return BTTaskStatus.Running
end

-- Report: the guard says its round is done.
Report = BTAction:New()
Report.name = "Report"

function Report:OnUpdate()
    print(self:GetVariable("post") .. ": all quiet")
    return BTTaskStatus.Success
end

local posts = { "north gate", "east tower", "south wall", "west stair" }

return function(args)
    local tree = BTBehaviorTree:New()
    tree.name = "guard" .. args.index
    tree:SetVariable("post", posts[(args.index - 1) % #posts + 1])
    tree:SetVariable("round", args.index + 1) -- guard i walks i+1 steps
    local seq = BTSequence:New()
    seq:AddChild(Walk:New())
    seq:AddChild(Report:New())
    tree:SetStartTask(seq)
    return tree
end
