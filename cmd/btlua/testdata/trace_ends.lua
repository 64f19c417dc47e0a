-- Runs that end early, one tree each, for --trace: a conditional abort,
-- a Timeout, an interruption and a parent's failure.
--   btlua --fast --hz 10 --trace cmd/btlua/testdata/trace_ends.lua

-- Holds on ticks 1 and 2, fails from tick 3 on.
IsVisible = BTConditional:New()
function IsVisible:OnUpdate()
    if self:GetTickCount() <= 2 then return BTTaskStatus.Success end
    return BTTaskStatus.Failure
end

-- Runs until its tree's tick self.last (forever without it), then
-- succeeds; self.fails makes it fail instead.
Busy = BTAction:New()
function Busy:OnUpdate()
    if self.last and self:GetTickCount() >= self.last then
        if self.fails then return BTTaskStatus.Failure end
        return BTTaskStatus.Success
    end
    return BTTaskStatus.Running
end

local function busy(name, last, fails)
    local b = Busy:New()
    b.name, b.last, b.fails = name, last, fails
    return b
end

local function tree(name, root)
    local t = BTBehaviorTree:New()
    t.name = name
    t:SetStartTask(root)
    return t
end

local function named(task, name)
    task.name = name
    return task
end

-- A conditional abort: Attack runs while IsVisible holds.
local seq = named(BTSequence:New(), "Seq")
seq:SetAbortType(BTAbortType.Self)
seq:AddChild(named(IsVisible:New(), "IsVisible"))
seq:AddChild(busy("Attack"))

-- A Timeout of 0.2 s at 10 Hz: Dig is cut off on tick 3.
local timeout = named(BTTimeout:New(0.2), "Timeout")
timeout:AddChild(busy("Dig"))

-- An interruption: Step ends on tick 2, Stop interrupts Long's Interrupt,
-- which ends it on tick 3.
local int = named(BTInterrupt:New(), "Int")
int:AddChild(busy("Long"))
local later = named(BTSequence:New(), "Later")
later:AddChild(busy("Step", 2))
later:AddChild(named(BTPerformInterruption:New(BTTaskStatus.Success, int), "Stop"))
local par = named(BTParallel:New(), "Par")
par:AddChild(int)
par:AddChild(later)

-- A parent's failure: Fail fails on tick 2 and the Parallel ends Walk.
local par2 = named(BTParallel:New(), "Par")
par2:AddChild(busy("Fail", 2, true))
par2:AddChild(busy("Walk"))

return { tree("abort", seq), tree("timeout", timeout), tree("interrupt", par), tree("parent", par2) }
