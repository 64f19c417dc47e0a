-- A GOAP agent whose goal y no action changes: its task fails at once.
local goap = require("goap")
local Move = goap.Action:New{ name = "Move", cost = 1 }
Move:AddEffect("x", true)
local p = {}
function p:GetWorldState() return { x = false, y = false } end
function p:Goals() return { { name = "G", conditions = { y = true } } } end
return BTGoapAgentTask:New(goap.Agent:New(p, { Move }))
