-- A factory for the --profile test: a Sequence of a Lua leaf that takes
-- two ticks and one that takes one, restarted when complete.
Step = BTAction:New()
function Step:New(name, ticks)
    local o = {ticks = ticks}
    setmetatable(o, self)
    self.__index = self
    o.name = name
    return o
end
function Step:OnStart() self.n = 0 end
function Step:OnUpdate()
    self.n = self.n + 1
    if self.n < self.ticks then return BTTaskStatus.Running end
    return BTTaskStatus.Success
end
return function(args)
    local root = BTSequence:New()
    root.name = "Root"
    root:AddChild(Step:New("Walk", 2))
    root:AddChild(Step:New("Look", 1))
    local tree = BTBehaviorTree:New()
    tree:SetStartTask(root)
    tree:SetRestartWhenComplete(true)
    return tree
end
