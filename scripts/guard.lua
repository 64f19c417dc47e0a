-- A guard that reports once a second for ten seconds. Try hot reload:
--   btlua --watch scripts/guard.lua
-- then change "all quiet" in scripts/lib/guard.lua and save.
require("lib.guard")

local tree = BTBehaviorTree:New()
local seq = BTSequence:New()
seq:AddChild(Guard:New())
seq:AddChild(BTLog:New("shift over"))
tree:SetStartTask(seq)
return tree
