-- Adding a string.
local sell = require("goap").Action:New{name = "Sell"}
sell:AddEffect("gold", "+", "ten")
