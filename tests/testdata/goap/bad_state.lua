-- A start state that is not a table.
local goap = require("goap")
local a = goap.Action:New{name = "A", effects = {x = true}}
local plan = goap.Planner:New():Plan(42, {x = true}, {a})
