-- A factory whose agent 1 changes, in place, a table read from a global
-- variable: on a sharded host that is an error (the change is undone),
-- and under --strict it ends the run.
local bt = require("bt")
bt.SetGlobalVariable("cfg", { a = 1 })
Probe = BTAction:New()
function Probe:OnUpdate()
    local t = bt.GetGlobalVariable("cfg")
    print("agent " .. self.idx .. " sees a=" .. tostring(t.a))
    if self.idx == 1 then t.a = t.a + 10 end
    return BTTaskStatus.Running
end
return function(args)
    local tree = BTBehaviorTree:New()
    local p = Probe:New()
    p.idx = args.index
    tree:SetStartTask(p)
    return tree
end
