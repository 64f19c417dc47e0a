-- A string where an action belongs.
local goap = require("goap")
goap.Planner:New():Plan({}, {x = true}, {"Chop"})
