-- A factory whose agent 2 keeps 200000 new tables a tick (about 20 MiB)
-- while the other agents allocate nothing: with --memory-limit, agent 2
-- alone must be stopped, whatever the shard count.
Hog = BTAction:New()
function Hog:OnUpdate()
    if self.who == 2 then
        local kept = self.kept
        for i = 1, 200000 do kept[#kept + 1] = {} end
    end
    return BTTaskStatus.Running
end
return function(args)
    local h = Hog:New()
    h.who, h.kept = args.index, {}
    return h
end
