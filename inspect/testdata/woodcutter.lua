-- A woodcutter: a GOAP agent (GetAxe, ChopLog) run by two BTGoapAgentTasks of
-- a selector; the first grab of the axe fails, so Try fails and Retry
-- replans. Used by the inspector's, the event stream's and --trace's tests.
local goap = require("goap")
local world = {hasAxe = false, logs = 0}
local p = {}
function p:GetWorldState() return world end
function p:CreateGoalState() return {{"logs", ">=", 1}} end
function p:MoveAgent(a) return true end
local getAxe = goap.Action:New{name = "GetAxe", cost = 2, effects = {hasAxe = true}}
local tries = 0
function getAxe:Perform(agent)
    tries = tries + 1
    if tries == 1 then return false end -- the first grab slips
    world.hasAxe = true
    return true
end
local chop = goap.Action:New{name = "ChopLog", cost = 4, preconditions = {hasAxe = true},
    effects = {{"logs", "+", 1}}}
function chop:Perform(agent)
    world.logs = world.logs + 1
    return true
end
local agent = goap.Agent:New(p, {getAxe, chop})
local root = BTSelector:New()
root.name = "Root"
root:AddChild(BTGoapAgentTask:New(agent, "Try"))
root:AddChild(BTGoapAgentTask:New(agent, "Retry"))
local tree = BTBehaviorTree:New()
tree.name = "cutter"
tree:SetStartTask(root)
return tree
