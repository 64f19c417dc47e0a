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

BTComposite = BTParentTask:New();

BTParallel = BTComposite:New();

local this = BTParallel;
this.name = "BTParallel";

function this:New()
    local o = {};
    setmetatable(o, self);
    self.__index = self;
    o.childTasks = {};
    o.executionStatus = {};
    return o;
end

function this:OnUpdate()
    if (not self:HasChild()) then
        return BTTaskStatus.Failure;
    end

    for i=1,#self.childTasks do
        local childTask = self.childTasks[i];
        if (not self.executionStatus[i]) then --第一次执行
            self.executionStatus[i] = childTask:OnUpdate();
            if (self.executionStatus[i] == BTTaskStatus.Failure) then
                return BTTaskStatus.Failure;
            end
        elseif (self.executionStatus[i] == BTTaskStatus.Running) then --第二次以及以后执行
            self.executionStatus[i] = childTask:OnUpdate();
            if (self.executionStatus[i] == BTTaskStatus.Failure) then
                return BTTaskStatus.Failure;
            end
        end
    end

    local childrenComplete = true;
    for i=1,#self.executionStatus do
        if (self.executionStatus[i] == BTTaskStatus.Running) then
            childrenComplete = false;
            break;
        end
    end
    if (childrenComplete) then
        return BTTaskStatus.Success;
    else
        return BTTaskStatus.Running;
    end
end

TestBehaviorTree = BTBehaviorTree:New();

local this = TestBehaviorTree;
this.name = "TestBehaviorTree";

function this:New()
    local o = {};
    setmetatable(o, self);
    self.__index = self;
    o:Init();
    return o;
end

function this:Init()
    local parallel = BTParallel:New();
    local action = self:GetBTActionUniversal();
    local action2 = self:GetBTActionUniversal2();

    self:SetStartTask(parallel);

    parallel:AddChild(action);
    parallel:AddChild(action2);
end

function this:GetBTActionUniversal()
    local count = 1;
    local a = function ()
        if (count <= 3) then
            count = count + 1;
            print("22");
            return BTTaskStatus.Running;
        else
            return BTTaskStatus.Success;
        end
    end
    local universal = BTActionUniversal:New(nil, a);
    return universal;
end

function this:GetBTActionUniversal2()
    local universal = BTActionUniversal:New(nil, function ()
        return BTTaskStatus.Failure;
    end);
    return universal;
end
return TestBehaviorTree:New()
