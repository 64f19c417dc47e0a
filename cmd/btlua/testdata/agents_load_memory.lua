-- Not a factory: each load by --agents N keeps 20000 more tables (about
-- 2 MiB) in its Lua state, too little for one load to reach the memory
-- limit, so that with --memory-limit 16 the check after a load finds the
-- heap over it.
keep = keep or {}
local big = {}
for i = 1, 20000 do big[i] = {i} end
keep[#keep + 1] = big
local tree = BTBehaviorTree:New()
tree:SetStartTask(BTWait:New(0.05))
return tree
