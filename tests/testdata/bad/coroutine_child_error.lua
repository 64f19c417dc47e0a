-- A BTCoroutine ticks a child that raises: twice inside pcall (the
-- coroutine goes on), then without, which stops the tree with the
-- child's error, located in the child and naming it.
Bad = BTAction:New()
Bad.name = "bad"
function Bad:OnUpdate() error("child fails") end
local child = Bad:New()
local seq = BTSequence:New()
seq.name = "outer"
seq:AddChild(BTCoroutine:New(function()
    print("first", pcall(child.Tick, child))
    coroutine.yield()
    print("second", pcall(function() return child:Tick() end))
    child:Tick()
end))
return seq
