-- A Perform hook that forgets to return a boolean, inside a tree tick.
local goap = require("goap")
local p = {GetWorldState = function() return {} end, CreateGoalState = function() return {ore = true} end}
local mine = goap.Action:New{name = "Mine", effects = {ore = true}}

function mine:Perform(agent)
    local swing = 1
end

return BTGoapAgentTask:New(goap.Agent:New(p, {mine}))
