-- An unknown comparison operator.
local goap = require("goap")
local chop = goap.Action:New{name = "Chop"}
chop:AddPrecondition("wood", "=~", 3)
