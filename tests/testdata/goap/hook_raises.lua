-- A Perform hook that raises, inside a tree tick.
local goap = require("goap")
local p = {GetWorldState = function() return {} end, CreateGoalState = function() return {ore = true} end}
local mine = goap.Action:New{name = "Mine", effects = {ore = true}}

function mine:Perform(agent)
    error("the rock is too hard")
end

return BTGoapAgentTask:New(goap.Agent:New(p, {mine}))
