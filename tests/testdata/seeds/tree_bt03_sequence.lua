TestBehaviorTree = BTBehaviorTree:New();

local this = TestBehaviorTree;

function this:New()
    local o = {};
    setmetatable(o, self);
    self.__index = self;
    this:Init();
    return o;
end

function this:Init()
    local sequence = BTSequence:New();
    local log = BTLog:New("hello world!");
    local log2 = BTLog:New("This is a test");
    sequence:AddChild(log);
    sequence:AddChild(log2);
    this:PushTask(sequence);
end
return TestBehaviorTree:New()
