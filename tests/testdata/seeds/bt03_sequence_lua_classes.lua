BTParentTask = BTTask:New();

local this = BTParentTask;

function this:New()
    local o = {};
    setmetatable(o, self);
    self.__index = self;
    o.currentChildIndex = 0;  --当前运行到第几个子节点
    o.currentChildTask = nil; --当前运行的子节点
    o.childTasks = {};        --子节点列表
    return o;
end

function this:AddChild(task)
    local index = #self.childTasks + 1;
    task.index = index;
    task.layer = self.layer + 1;
    task.parent = self;
    task.root = self.root;
    self.childTasks[index] = task;
end

--是否有子节点
function this:HasChild()
    if (#self.childTasks > 0) then
        return true;
    else
        return false;
    end
end

--获取下一个要执行的子节点
function this:GetNextChild()
    if (#self.childTasks >= (self.currentChildIndex + 1)) then
        self.currentChildIndex = self.currentChildIndex + 1;
        return self.childTasks[self.currentChildIndex];
    end
    return nil;
end

--重置
function this:Reset()
    self.currentChildIndex = 0;
    self.currentChildTask = nil;
end

BTSequence = BTComposite:New();

local this = BTSequence;

function this:New()
    local o = {};
    setmetatable(o, self);
    self.__index = self;
    o.executionStatus = BTTaskStatus.Inactive;
    return o;
end

function this:OnUpdate()
    if (not self:HasChild()) then
        return BTTaskStatus.Failure;
    end

    if (not self.currentChildTask) then
        self.currentChildTask = self:GetNextChild();
        if (not self.currentChildTask) then
            return BTTaskStatus.Failure;
        end
    end

    while (self.currentChildTask) do
        self.executionStatus = self.currentChildTask:OnUpdate();
        if (self.executionStatus == BTTaskStatus.Failure) then --结束
            self:Reset();
            return BTTaskStatus.Failure;
        elseif (self.executionStatus == BTTaskStatus.Running) then --下一帧继续执行
            return BTTaskStatus.Running;
        else --继续执行下一节点
            self.currentChildTask = self:GetNextChild();
        end
    end

    --所有节点执行完毕
    self.executionStatus = BTTaskStatus.Success;
    self:Reset();
    return BTTaskStatus.Success;
end

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
