-- A shared helper for the examples: an action that prints "22" and runs
-- for three ticks, then succeeds on the fourth (part 11 of the series).
local counter = {}

---@return BTActionUniversal
function counter.ThreeTickAction()
    local count = 1
    return BTActionUniversal:New(nil, function()
        if count <= 3 then
            count = count + 1
            print("22")
            return BTTaskStatus.Running
        end
        return BTTaskStatus.Success
    end)
end

return counter
