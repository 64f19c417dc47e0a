-- Yields across pcall, xpcall and table.sort inside a BTCoroutine: each
-- raises "attempt to yield across metamethod/C-call boundary" (PUC Lua
-- 5.1), caught by the pcall; the coroutine goes on and yields normally.
return BTCoroutine:New(function(task)
    local ok, err = pcall(function() coroutine.yield() end)
    print("pcall", ok, err)
    print("xpcall", xpcall(function() coroutine.yield(BTTaskStatus.Success) end,
        function(m) return "handled: " .. m end))
    local t = { 3, 1, 2 }
    print("sort", pcall(table.sort, t, function(a, b) coroutine.yield() return a < b end))
    coroutine.yield()
    print("resumed at tick " .. task:GetTickCount())
    coroutine.yield(BTTaskStatus.Running)
    print("done at tick " .. task:GetTickCount())
end)
