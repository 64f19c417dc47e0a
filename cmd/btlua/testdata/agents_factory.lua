W = BTAction:New()
function W:OnUpdate()
    self.n = (self.n or 0) + 1
    if self.n <= 2 then print(self.who .. " " .. self.n) end
    return BTTaskStatus.Running
end
return function(args)
    local w = W:New()
    w.who = "agent" .. args.index .. "/" .. args.count
    return w
end
