-- The same children under a Parallel: the log runs in the first tick
-- beside the action, and the tree succeeds on tick 4
-- ("22", "This is log!!!", "22", "22").
--   btlua scripts/parallel.lua
local counter = require("lib.counter")

local parallel = BTParallel:New()
parallel.name = "parallel"
local log = BTLog:New("This is log!!!")
log.name = "log"
parallel:AddChild(counter.ThreeTickAction())
parallel:AddChild(log)

local tree = BTBehaviorTree:New()
tree:SetStartTask(parallel)
return tree
