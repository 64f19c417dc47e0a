print("top level")
W = BTAction:New()
function W:OnUpdate()
    print("agent" .. self.index)
    return BTTaskStatus.Success
end
return function(args)
    local w = W:New()
    w.index = args.index
    return w
end
