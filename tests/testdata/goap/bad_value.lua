-- A precondition value that is not a boolean, number or string.
local goap = require("goap")
local eat = goap.Action:New{name = "Eat", pre = {food = {}}}
