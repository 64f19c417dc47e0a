-- A string where an action belongs.
local goap = require("goap")
local plan, err = goap.Planner:New():Plan({}, {x = true}, {"Chop"}) -- malformed: nil, err (kind "invalid")
assert(plan == nil and err.kind == "invalid", "want kind invalid"); error(err.message, 0)
