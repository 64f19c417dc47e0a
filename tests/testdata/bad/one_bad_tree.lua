-- Two trees: the first fails on its third tick, the second runs five
-- ticks and completes; the failure must not stop the second tree.
local n = 0
local bad = BTActionUniversal:New(nil, function()
    n = n + 1
    if n == 3 then error("tick three breaks") end
    return BTTaskStatus.Running
end)
local m = 0
local good = BTActionUniversal:New(nil, function()
    m = m + 1
    print("good " .. m)
    if m == 5 then return BTTaskStatus.Success end
    return BTTaskStatus.Running
end)
return { bad, good }
