-- A Sequence of two logs: both print in the same tick, then the tree
-- completes (part 3 of the Lua behavior-tree series).
--   btlua scripts/hello_sequence.lua
HelloTree = BTBehaviorTree:New()

function HelloTree:New()
    local o = {}
    setmetatable(o, self)
    self.__index = self
    o:Init()
    return o
end

function HelloTree:Init()
    local sequence = BTSequence:New()
    sequence:AddChild(BTLog:New("hello world!"))
    sequence:AddChild(BTLog:New("This is a test"))
    self:SetStartTask(sequence)
end

return HelloTree:New()
