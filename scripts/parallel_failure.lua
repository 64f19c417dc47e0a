-- A Parallel whose second child fails in the first tick: the Parallel
-- fails at once and ends the first child, which was still running (its
-- OnEnd prints "ended while running").
--   btlua scripts/parallel_failure.lua
local counter = require("lib.counter")

-- A leaf class in the series' style, wrapping the three-tick action so
-- that its OnEnd shows.
Watched = BTAction:New()
Watched.name = "watched"

function Watched:New(inner)
    local o = {}
    setmetatable(o, self)
    self.__index = self
    o.inner = inner
    return o
end

function Watched:OnUpdate()
    return self.inner:Tick()
end

function Watched:OnEnd()
    if self:GetStatus() == BTTaskStatus.Running then
        print("ended while running")
    end
end

local parallel = BTParallel:New()
parallel:AddChild(Watched:New(counter.ThreeTickAction()))
parallel:AddChild(BTActionUniversal:New(nil, function()
    return BTTaskStatus.Failure
end))

local tree = BTBehaviorTree:New()
tree:SetStartTask(parallel)
return tree
