-- A factory whose agents print, at each of their ticks, their index and
-- their tree's clock in ticks of 1/10 s ("2@3": agent 2 at 0.3 s), for
-- the frame schedule's tests (--tick-interval, --near, --frame-budget).
Clock = BTAction:New()
function Clock:OnUpdate()
    print(self.who .. "@" .. math.floor(self:GetTime() * 10 + 0.5))
    return BTTaskStatus.Running
end
return function(args)
    local c = Clock:New()
    c.who = args.index
    return c
end
