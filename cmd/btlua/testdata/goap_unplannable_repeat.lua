-- goap_unplannable.lua's agent, run again and again by a repeater (no
-- planning backoff: it plans, and fails, every tick).
local goap = require("goap")
local Move = goap.Action:New{ name = "Move", cost = 1 }
Move:AddEffect("x", true)
local p = {}
function p:GetWorldState() return { x = false, y = false } end
function p:Goals() return { { name = "G", conditions = { y = true } } } end
local r = BTRepeater:New()
r.name = "Retry"
r:AddChild(BTGoapAgentTask:New(goap.Agent:New(p, { Move }, { backoffInitial = -1 })))
return r
