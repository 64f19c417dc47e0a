-- A factory whose agent 2 keeps 50000 new tables a tick (about 5 MiB)
-- while the others keep 1000 (about 100 KiB): with --memory-limit 50,
-- agent 2 alone must be stopped, whatever the shard count.
Hog = BTAction:New()
function Hog:OnUpdate()
    local kept, n = self.kept, self.n
    for i = 1, n do kept[#kept + 1] = {} end
    return BTTaskStatus.Running
end
return function(args)
    local tree = BTBehaviorTree:New()
    tree.name = "agent" .. args.index
    local h = Hog:New()
    h.kept, h.n = {}, args.index == 2 and 50000 or 1000
    tree:SetStartTask(h)
    return tree
end
