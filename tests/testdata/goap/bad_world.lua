-- A provider whose world state holds a function, read during a tree tick.
local goap = require("goap")
local p = {}
function p:GetWorldState()
    return {ore = print}
end
function p:CreateGoalState() return {ore = true} end
return BTGoapAgentTask:New(goap.Agent:New(p, {}))
