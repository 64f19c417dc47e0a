-- An unknown operator in a goal condition.
local goap = require("goap")
local chop = goap.Action:New{name = "Chop", effects = {{"wood", "+", 1}}}
goap.Planner:New():Plan({wood = 0}, {{"wood", ">>", 3}}, {chop})
