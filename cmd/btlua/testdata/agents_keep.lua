-- A factory whose agents each keep about 100 KB (a string of their own):
-- with --memory-limit 16, spawning 400 of them crosses the limit.
Idle = BTAction:New()
function Idle:OnUpdate() return BTTaskStatus.Running end
return function(args)
    local tree = BTBehaviorTree:New()
    local idle = Idle:New()
    idle.kept = string.rep(string.char(65 + args.index % 26), 100000)
    tree:SetStartTask(idle)
    return tree
end
