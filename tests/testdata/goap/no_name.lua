-- An action without a name.
local goap = require("goap")
local named = goap.Action:New{name = "Named", effects = {x = true}}
local anonymous = goap.Action:New{cost = 1, effects = {x = true}}
local plan, err = goap.Planner:New():Plan({}, {x = true}, {named, anonymous}) -- malformed: nil, err (kind "invalid")
assert(plan == nil and err.kind == "invalid", "want kind invalid"); error(err.message, 0)
