-- A Lua composite written with Behavior Designer's ParentTask protocol:
-- a "first success, but at most two tries" selector.
TwoTries = BTComposite:New()
TwoTries.name = "twotries"
function TwoTries:New() local o = {}; setmetatable(o, self); self.__index = self; o.index = 1; o.tries = 0; o.last = nil; return o end
function TwoTries:CanExecute() return self.tries < 2 and self.index <= #self.childTasks and self.last ~= BTTaskStatus.Success end
function TwoTries:CurrentChildIndex() return self.index end
function TwoTries:OnChildStarted(i) print("start child " .. i) end
function TwoTries:OnChildExecuted(i, s) self.tries = self.tries + 1; self.index = i + 1; self.last = s; print("child " .. i .. " -> " .. s) end
function TwoTries:OverrideStatus(s) if s == BTTaskStatus.Success then return s end return BTTaskStatus.Failure end
function TwoTries:OnEnd() self.index = 1; self.tries = 0; self.last = nil end

local function act(status, ticks)
    local n = 0
    return BTActionUniversal:New(nil, function()
        n = n + 1
        if n < ticks then return BTTaskStatus.Running end
        n = 0
        return status
    end)
end
local c = TwoTries:New()
c:AddChild(act(BTTaskStatus.Failure, 2))
c:AddChild(act(BTTaskStatus.Success, 1))
c:AddChild(act(BTTaskStatus.Success, 1))
return c
