-- An action without a name.
local goap = require("goap")
local named = goap.Action:New{name = "Named", effects = {x = true}}
local anonymous = goap.Action:New{cost = 1, effects = {x = true}}
goap.Planner:New():Plan({}, {x = true}, {named, anonymous})
