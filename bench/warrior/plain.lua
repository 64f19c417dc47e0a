-- The warrior AI of the behavior-tree design seed (bt-design-warrior.txt)
-- as a plain-Lua behavior tree in the class style of the Lua
-- behavior-tree series (lua-bt-03-sequence.txt): tasks are tables with a
-- metatable chain, composites keep their running child, and each
-- composite carries the seed's preconditions, checked when it starts and
-- on every tick it runs.
--
-- It needs nothing but Lua 5.1 (PUC Lua 5.1, LuaJIT, gopher-lua):
--   lua5.1 bench/warrior/plain.lua [agents] [ticks]
-- It prints the action histogram (ticks spent in each action, summed over
-- the agents) to stdout and the CPU time of the build and of the ticks
-- to stderr (unless the global QUIET is set). The world below draws the
-- same numbers as the Go world of bench/warrior (world.go): a
-- Park-Miller generator per agent.

local AGENTS = tonumber(arg and arg[1]) or 1000
local TICKS = tonumber(arg and arg[2]) or 600

BTTaskStatus = { Inactive = 0, Failure = 1, Success = 2, Running = 3 }
local Failure, Success, Running = BTTaskStatus.Failure, BTTaskStatus.Success, BTTaskStatus.Running

-- BTTask: the base of every task.
BTTask = {}
function BTTask:New()
    local o = {}
    setmetatable(o, self)
    self.__index = self
    return o
end
function BTTask:Reset() end

-- BTAction: a leaf.
BTAction = BTTask:New()

-- BTParentTask: children and the index of the running one (the series'
-- currentChildIndex / currentChildTask).
BTParentTask = BTTask:New()
function BTParentTask:New()
    local o = {}
    setmetatable(o, self)
    self.__index = self
    o.currentChildIndex = 0
    o.currentChildTask = nil
    o.childTasks = {}
    return o
end
function BTParentTask:AddChild(task)
    local index = #self.childTasks + 1
    task.index = index
    task.parent = self
    self.childTasks[index] = task
end
function BTParentTask:GetNextChild()
    if #self.childTasks >= self.currentChildIndex + 1 then
        self.currentChildIndex = self.currentChildIndex + 1
        return self.childTasks[self.currentChildIndex]
    end
    return nil
end
-- Reset ends the run: the running child first, then this task.
function BTParentTask:Reset()
    local c = self.currentChildTask
    if c then c:Reset() end
    self.currentChildIndex = 0
    self.currentChildTask = nil
end

-- BTComposite: a parent task with the seed's preconditions.
BTComposite = BTParentTask:New()
function BTComposite:New()
    local o = BTParentTask.New(self)
    o.conditions = {}
    return o
end
function BTComposite:AddCondition(c)
    self.conditions[#self.conditions + 1] = c
end
function BTComposite:CheckConditions()
    local conds = self.conditions
    for i = 1, #conds do
        if not conds[i]:Check() then return false end
    end
    return true
end

-- BTSequence: runs its children in order until one fails.
BTSequence = BTComposite:New()
function BTSequence:OnUpdate()
    if not self:CheckConditions() then
        self:Reset()
        return Failure
    end
    if not self.currentChildTask then
        self.currentChildTask = self:GetNextChild()
        if not self.currentChildTask then return Failure end
    end
    while self.currentChildTask do
        local s = self.currentChildTask:OnUpdate()
        if s == Failure then
            self:Reset()
            return Failure
        elseif s == Running then
            return Running
        end
        self.currentChildTask = self:GetNextChild()
    end
    self:Reset()
    return Success
end

-- BTSelector: runs its children in order until one succeeds.
BTSelector = BTComposite:New()
function BTSelector:OnUpdate()
    if not self:CheckConditions() then
        self:Reset()
        return Failure
    end
    if not self.currentChildTask then
        self.currentChildTask = self:GetNextChild()
        if not self.currentChildTask then return Failure end
    end
    while self.currentChildTask do
        local s = self.currentChildTask:OnUpdate()
        if s == Success then
            self:Reset()
            return Success
        elseif s == Running then
            return Running
        end
        self.currentChildTask = self:GetNextChild()
    end
    self:Reset()
    return Failure
end

-- The seed's Precondition and PreconditionNOT.
BTPrecondition = {}
BTPrecondition.__index = BTPrecondition
function BTPrecondition:New(fn) return setmetatable({ fn = fn }, self) end
function BTPrecondition:Check() return self.fn() end
BTPreconditionNOT = {}
BTPreconditionNOT.__index = BTPreconditionNOT
function BTPreconditionNOT:New(fn) return setmetatable({ fn = fn }, self) end
function BTPreconditionNOT:Check() return not self.fn() end

-- The histogram: ticks spent in each action, over all agents.
ACTIONS = { "patrol", "alert", "run away", "crazy attack", "attack" }
hist = {}
for _, a in ipairs(ACTIONS) do hist[a] = 0 end

-- A warrior action: it counts the tick and keeps running.
WarriorAction = BTAction:New()
function WarriorAction:New(name)
    local o = {}
    setmetatable(o, self)
    self.__index = self
    o.name = name
    return o
end
function WarriorAction:OnUpdate()
    hist[self.name] = hist[self.name] + 1
    return Running
end

local function branch(class, conditions, children)
    local node = class:New()
    for _, c in ipairs(conditions) do node:AddCondition(c) end
    for _, c in ipairs(children) do node:AddChild(c) end
    return node
end

-- One warrior: the seed's tree over its own input (health, distance to
-- the enemy, whether the enemy is visible).
local function newWarrior(input)
    local hasTarget = function() return input.visible end
    local isAlert = function() return input.distance < 50 end
    local isAnger = function() return input.distance < 10 end
    local hpLow = function() return input.health < 500 end
    local root = BTSelector:New()
    root:AddChild(branch(BTSequence, { BTPreconditionNOT:New(hasTarget), BTPreconditionNOT:New(isAlert) },
        { WarriorAction:New("patrol") }))
    root:AddChild(branch(BTSequence, { BTPreconditionNOT:New(hasTarget), BTPrecondition:New(isAlert) },
        { WarriorAction:New("alert") }))
    root:AddChild(branch(BTSequence, { BTPrecondition:New(hasTarget), BTPrecondition:New(hpLow) },
        { WarriorAction:New("run away") }))
    root:AddChild(branch(BTSelector, { BTPrecondition:New(hasTarget), BTPreconditionNOT:New(hpLow) }, {
        branch(BTSequence, { BTPrecondition:New(isAnger) }, { WarriorAction:New("crazy attack") }),
        branch(BTSequence, { BTPreconditionNOT:New(isAnger) }, { WarriorAction:New("attack") }),
    }))
    return root
end

-- The world: each agent's situation changes every few ticks, drawn from
-- its own Park-Miller generator (exact in doubles: products stay below
-- 2^46).
local M = 2147483647
local function draw(w)
    local s = (w.seed * 16807) % M
    w.health = s % 1000
    s = (s * 16807) % M
    w.distance = s % 100
    s = (s * 16807) % M
    w.visible = s % 2 == 0
    w.seed = s
end

local t0 = os.clock()
local agents, worlds, periods = {}, {}, {}
for i = 0, AGENTS - 1 do
    local w = { seed = 1 + (i * 48271) % (M - 1), health = 0, distance = 0, visible = false }
    draw(w)
    worlds[i + 1] = w
    periods[i + 1] = 3 + i % 5
    agents[i + 1] = newWarrior(w)
end
local t1 = os.clock()

-- The seed's Update: tick the root; when it ends, enter it again in the
-- same frame, so a higher branch is chosen at once.
function TickAll(tick)
    for i = 1, AGENTS do
        if (tick + i - 1) % periods[i] == 0 then draw(worlds[i]) end
        local root = agents[i]
        if root:OnUpdate() ~= Running then root:OnUpdate() end
    end
end
for tick = 1, TICKS do TickAll(tick) end
local t2 = os.clock()

for _, a in ipairs(ACTIONS) do print(a .. " " .. hist[a]) end
if QUIET then return end
io.stderr:write(string.format("build %.3f s (%.2f us/agent), ticks %.3f s, %.0f agent-ticks/s\n",
    t1 - t0, (t1 - t0) / AGENTS * 1e6, t2 - t1, AGENTS * TICKS / (t2 - t1)))
