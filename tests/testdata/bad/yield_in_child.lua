-- A BTCoroutine ticks a Lua child whose OnUpdate yields: the yield would
-- cross the Go call of the child's tick.
Sneaky = BTAction:New()
Sneaky.name = "sneaky"
function Sneaky:OnUpdate() coroutine.yield() return BTTaskStatus.Success end
local child = Sneaky:New()
local seq = BTSequence:New()
seq.name = "outer"
seq:AddChild(BTCoroutine:New(function()
    print("before")
    child:Tick()
    print("never")
end))
return seq
