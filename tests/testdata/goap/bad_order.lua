-- An ordering operator on a string.
local greet = require("goap").Action:New{name = "Greet"}
greet:AddPrecondition("name", "<", "bob")
