-- Not a factory: loaded N times by --agents N; the third load in one Lua
-- state fails (line 5).
local tree = BTBehaviorTree:New()
loads = (loads or 0) + 1
if loads == 3 then error("third load in this state fails") end
tree:SetStartTask(BTWait:New(0.05))
return tree
