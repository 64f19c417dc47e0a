-- An unknown operator in a goal condition.
local goap = require("goap")
local chop = goap.Action:New{name = "Chop", effects = {{"wood", "+", 1}}}
local plan, err = goap.Planner:New():Plan({wood = 0}, {{"wood", ">>", 3}}, {chop}) -- malformed: nil, err (kind "invalid")
assert(plan == nil and err.kind == "invalid", "want kind invalid"); error(err.message, 0)
