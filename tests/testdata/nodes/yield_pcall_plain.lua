-- A yield across pcall inside a plain coroutine (created and resumed by a
-- Lua leaf) raises an error caught by the pcall; the coroutine goes on.
Driver = BTAction:New()
Driver.name = "driver"
function Driver:OnUpdate()
    local co = coroutine.create(function(a)
        local ok, err = pcall(function() coroutine.yield("from inside pcall") end)
        print("pcall", ok, err)
        local b = coroutine.yield("second " .. a)
        return "end " .. b
    end)
    print(coroutine.resume(co, "a"))
    print(coroutine.resume(co, "b"))
    print(coroutine.status(co))
    local gen = coroutine.wrap(function()
        print("wrap", pcall(coroutine.yield, 1))
        coroutine.yield(2)
        return 3
    end)
    print(gen(), gen())
    return BTTaskStatus.Success
end
return Driver:New()
