-- The Guard leaf class of scripts/guard.lua. Edit what Say prints while
-- `btlua --watch scripts/guard.lua` runs: the running guard picks the new
-- method up on its next tick and keeps its round count.
Guard = BTAction:New()
Guard.name = "guard"

function Guard:New()
    local o = {}
    setmetatable(o, self)
    self.__index = self
    return o
end

function Guard:OnStart()
    self.ticks = 0
    self.rounds = 0
end

function Guard:Say()
    return "all quiet"
end

-- One round a second (60 ticks at the default 60 Hz); done after 10.
function Guard:OnUpdate()
    self.ticks = self.ticks + 1
    if self.ticks % 60 ~= 0 then
        return BTTaskStatus.Running
    end
    self.rounds = self.rounds + 1
    print("round " .. self.rounds .. ": " .. self:Say())
    if self.rounds == 10 then
        return BTTaskStatus.Success
    end
    return BTTaskStatus.Running
end

return Guard
