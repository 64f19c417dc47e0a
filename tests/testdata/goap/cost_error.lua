-- A cost function that raises, during planning at the top level.
local goap = require("goap")
local chop = goap.Action:New{name = "Chop", effects = {wood = true}}
chop.cost = function(state) error("wood is wet") end
goap.Planner:New():Plan({}, {wood = true}, {chop})
