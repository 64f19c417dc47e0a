-- A start state that is not a table.
local goap = require("goap")
local a = goap.Action:New{name = "A", effects = {x = true}}
local plan, err = goap.Planner:New():Plan(42, {x = true}, {a}) -- malformed: nil, err (kind "invalid")
assert(plan == nil and err.kind == "invalid", "want kind invalid"); error(err.message, 0)
