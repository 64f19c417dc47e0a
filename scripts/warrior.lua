-- The warrior AI of the behavior-tree design with composite preconditions:
-- a Selector root over patrol, alert, run away and attack, each branch
-- guarded by preconditions checked before it starts and on every tick it
-- runs. A scripted world changes the warrior's situation every few ticks;
-- the output is the action chosen at each tick.
--   btlua scripts/warrior.lua

-- The warrior's attributes (the design's CharacterAttribute). The world
-- clock holds them in a field (see WorldClock:New), so that a save
-- (btlua --save) keeps them.
local input = { hasTarget = false, isAlert = false, isAnger = false, health = 900 }

-- What happens to the warrior, from a tick on.
local situations = {
    [1] = "quiet: no target, calm, healthy",
    [4] = "a noise: alert",
    [7] = "an enemy appears",
    [10] = "the warrior gets angry",
    [13] = "wounded: health 400",
    [16] = "the enemy is gone",
}
local changes = {
    [4] = function() input.isAlert = true end,
    [7] = function() input.hasTarget = true end,
    [10] = function() input.isAnger = true end,
    [13] = function() input.health = 400 end,
    [16] = function() input.hasTarget = false; input.isAlert = false; input.isAnger = false end,
}
local lastTick = 18

-- The clock of the scripted world: it applies the situation of each tick
-- and ends the run after lastTick.
WorldClock = BTAction:New()
WorldClock.name = "world"

function WorldClock:New()
    local o = {input = input}
    setmetatable(o, self)
    self.__index = self
    return o
end

function WorldClock:OnUpdate()
    local tick = self:GetTickCount()
    if tick > lastTick then
        return BTTaskStatus.Success
    end
    if changes[tick] then changes[tick]() end
    if situations[tick] then print("-- " .. situations[tick]) end
    return BTTaskStatus.Running
end

-- A warrior action: it keeps running, saying what the warrior does.
WarriorAction = BTAction:New()

function WarriorAction:New(name)
    local o = {}
    setmetatable(o, self)
    self.__index = self
    o.name = name
    return o
end

function WarriorAction:OnUpdate()
    print("tick " .. self:GetTickCount() .. ": " .. self.name)
    return BTTaskStatus.Running
end

-- The conditions, as in the design: each with its negation.
local hasNoTarget = BTPreconditionNOT:New(function() return input.hasTarget end)
local hasTarget = BTPrecondition:New(hasNoTarget)
local isAnger = BTPrecondition:New(function() return input.isAnger end)
local isNotAnger = BTPreconditionNOT:New(isAnger)
local hpLessThan500 = BTPrecondition:New(function() return input.health < 500 end)
local hpMoreThan500 = BTPreconditionNOT:New(hpLessThan500)
local isAlert = BTPrecondition:New(function() return input.isAlert end)
local isNotAlert = BTPreconditionNOT:New(isAlert)

local function branch(class, name, conditions, children)
    local node = class:New()
    node.name = name
    for _, c in ipairs(conditions) do node:AddCondition(c) end
    for _, c in ipairs(children) do node:AddChild(c) end
    return node
end

local root = BTSelector:New()
root.name = "root"
root:AddChild(branch(BTSequence, "patrol", { hasNoTarget, isNotAlert }, { WarriorAction:New("patrol") }))
root:AddChild(branch(BTSequence, "alert", { hasNoTarget, isAlert }, { WarriorAction:New("alert") }))
root:AddChild(branch(BTSequence, "run away", { hasTarget, hpLessThan500 }, { WarriorAction:New("run away") }))
root:AddChild(branch(BTSelector, "attack", { hasTarget, hpMoreThan500 }, {
    branch(BTSequence, "crazy attack", { isAnger }, { WarriorAction:New("crazy attack") }),
    branch(BTSequence, "normal attack", { isNotAnger }, { WarriorAction:New("attack") }),
}))

-- The design's Update: tick the root; when it ends (a running branch lost
-- a precondition and nothing after it could run), leave it and enter it
-- again in the same frame, so a higher branch is chosen at once. A Lua
-- decorator driving its child itself.
WarriorBrain = BTDecorator:New()
WarriorBrain.name = "brain"

function WarriorBrain:New()
    local o = {}
    setmetatable(o, self)
    self.__index = self
    return o
end

function WarriorBrain:OnUpdate()
    local child = self.childTasks[1]
    if child:Tick() ~= BTTaskStatus.Running then
        child:Tick()
    end
    return BTTaskStatus.Running
end

local brain = WarriorBrain:New()
brain:AddChild(root)

-- The world and the warrior tick side by side; the run ends with the world.
local top = BTParallelComplete:New()
top:AddChild(WorldClock:New())
top:AddChild(brain)

local tree = BTBehaviorTree:New()
tree:SetStartTask(top)
return tree
