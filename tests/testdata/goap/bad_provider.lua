-- A provider without goals.
local goap = require("goap")
local agent = goap.Agent:New({GetWorldState = function() return {} end}, {})
