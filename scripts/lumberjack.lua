-- A lumberjack, after the GOAP seed (goap-02): get a tool, chop logs, drop
-- the logs off at the pile. The actions are seed-style classes; the
-- lumberjack is the data provider (the seed's IGoap); a behavior tree runs
-- the GOAP agent, one agent tick per tree tick, one plan per BTGoapAgentTask.
--
-- The world is a 1-D track: the pile at x=1, the tool shed at x=2 (one axe
-- in it), an oak at x=6 (2 logs) and a pine at x=9 (5 logs). The
-- lumberjack starts at x=0 and walks one cell per tick (MoveAgent). An axe
-- lasts two chops. Three loads are wanted:
--   1. GetTool -> ChopLog -> DropOffLogs: the axe is in the shed.
--   2. ChopLog -> DropOffLogs: the axe is in hand; it breaks on this chop.
--   3. The shed is empty (GetTool's procedural precondition fails), so the
--      planner falls back on GatherBranches (cost 10) at the nearest tree.
local goap = require("goap")

local shed = {name = "shed", x = 2, axes = 1}
local pile = {name = "pile", x = 1, logs = 0}
local trees = {
    {name = "oak", x = 6, logs = 2},
    {name = "pine", x = 9, logs = 5},
}

-- The nearest tree to x (with logs, when withLogs is set), or nil.
local function nearestTree(x, withLogs)
    local best
    for _, t in ipairs(trees) do
        if (not withLogs or t.logs > 0) and (best == nil or math.abs(t.x - x) < math.abs(best.x - x)) then
            best = t
        end
    end
    return best
end

---------------------------------------------------------------------------
-- Actions (the seed's Action subclasses)

GetTool = goap.Action:New()
GetTool.name = "GetTool"
GetTool.cost = 2
GetTool.requiresInRange = true
GetTool:AddPrecondition("hasTool", false)
GetTool:AddEffect("hasTool", true)

function GetTool:New()
    local o = {}
    setmetatable(o, self)
    self.__index = self
    return o
end

-- The seed's spelling; picks the shed as target while it has an axe.
function GetTool:CheckProcedualPrecondition(agent)
    if shed.axes == 0 then
        self.target = nil
        return false
    end
    self.target = shed
    return true
end

function GetTool:Perform(agent)
    shed.axes = shed.axes - 1
    agent.tool = {durability = 2}
    print("GetTool: took the axe from the shed (durability 2)")
    return true
end

ChopLog = goap.Action:New()
ChopLog.name = "ChopLog"
ChopLog.cost = 4
ChopLog:AddPrecondition("hasTool", true)
ChopLog:AddPrecondition("hasLogs", false)
ChopLog:AddEffect("hasLogs", true)

function ChopLog:New()
    local o = {}
    setmetatable(o, self)
    self.__index = self
    return o
end

function ChopLog:RequiresInRange() return true end

function ChopLog:Reset() self.chops = 0 end

-- The nearest tree that still has logs.
function ChopLog:CheckProceduralPrecondition(agent)
    self.target = nearestTree(agent.x, true)
    return self.target ~= nil
end

-- Two ticks of chopping per log.
function ChopLog:Perform(agent)
    if agent.tool == nil then return false end
    self.chops = self.chops + 1
    local tree = self.target
    if self.chops < 2 then
        print(string.format("ChopLog: chop %d at the %s", self.chops, tree.name))
        return true
    end
    tree.logs = tree.logs - 1
    agent.logs = 1
    agent.tool.durability = agent.tool.durability - 1
    print(string.format("ChopLog: chop %d at the %s: got a log (%d left on the tree)", self.chops, tree.name, tree.logs))
    if agent.tool.durability == 0 then
        agent.tool = nil
        print("ChopLog: the axe broke")
    end
    return true
end

function ChopLog:IsDone() return self.chops >= 2 end

GatherBranches = goap.Action:New()
GatherBranches.name = "GatherBranches"
GatherBranches.cost = 10
GatherBranches.requiresInRange = true
GatherBranches:AddPrecondition("hasLogs", false)
GatherBranches:AddEffect("hasLogs", true)

function GatherBranches:New()
    local o = {}
    setmetatable(o, self)
    self.__index = self
    return o
end

function GatherBranches:Reset() self.ticks = 0 end

function GatherBranches:CheckProceduralPrecondition(agent)
    self.target = nearestTree(agent.x, false)
    return self.target ~= nil
end

-- Three ticks of picking up branches under the tree.
function GatherBranches:Perform(agent)
    self.ticks = self.ticks + 1
    print(string.format("GatherBranches: picking up branches under the %s (%d/3)", self.target.name, self.ticks))
    if self.ticks == 3 then agent.logs = 1 end
    return true
end

function GatherBranches:IsDone() return self.ticks >= 3 end

DropOffLogs = goap.Action:New()
DropOffLogs.name = "DropOffLogs"
DropOffLogs.cost = 1
DropOffLogs.requiresInRange = true
DropOffLogs.target = pile
DropOffLogs:AddPrecondition("hasLogs", true)
DropOffLogs:AddEffect("hasLogs", false)
DropOffLogs:AddEffect("logsAtPile", "+", 1)

function DropOffLogs:New()
    local o = {}
    setmetatable(o, self)
    self.__index = self
    return o
end

function DropOffLogs:Perform(agent)
    pile.logs = pile.logs + agent.logs
    agent.logs = 0
    print(string.format("DropOffLogs: the pile holds %d", pile.logs))
    return true
end

---------------------------------------------------------------------------
-- The lumberjack: the data provider (the seed's IGoap)

Lumberjack = {}

-- The lumberjack holds the world in a field, so that a save (btlua
-- --save) keeps the shed, the pile and the trees with it.
function Lumberjack:New()
    local o = {x = 0, logs = 0, tool = nil, world = {shed = shed, pile = pile, trees = trees}}
    setmetatable(o, self)
    self.__index = self
    return o
end

function Lumberjack:GetWorldState()
    return {hasTool = self.tool ~= nil, hasLogs = self.logs > 0, logsAtPile = pile.logs}
end

-- One more log on the pile than now.
function Lumberjack:CreateGoalState()
    return {{"logsAtPile", ">=", pile.logs + 1}}
end

function Lumberjack:PlanFound(goal, plan, cost)
    local names = {}
    for i, a in ipairs(plan) do names[i] = a.name end
    print(string.format("plan: %s (cost %g)", table.concat(names, " -> "), cost))
end

function Lumberjack:PlanFailed(goal, message)
    print("no plan: " .. message)
end

function Lumberjack:ActionsFinished()
    print(string.format("load delivered (%d on the pile)", pile.logs))
end

function Lumberjack:PlanAborted(action)
    print("plan aborted by " .. action.name)
end

-- One cell per tick towards the action's target.
function Lumberjack:MoveAgent(action)
    local target = action.target
    if self.x ~= target.x then
        self.x = self.x + (target.x > self.x and 1 or -1)
        print(string.format("  MoveTo %s: x=%d", target.name, self.x))
    end
    return self.x == target.x
end

---------------------------------------------------------------------------
-- The agent and its tree: three loads, one BTGoapAgentTask each.

local lumberjack = Lumberjack:New()
local agent = goap.Agent:New(lumberjack, {
    GetTool:New(), ChopLog:New(), GatherBranches:New(), DropOffLogs:New(),
})

local tree = BTBehaviorTree:New()
local shift = BTSequence:New()
shift:AddChild(BTLog:New("the lumberjack starts at x=0"))
for load = 1, 3 do
    shift:AddChild(BTGoapAgentTask:New(agent, "load " .. load))
end
shift:AddChild(BTLog:New("three loads delivered: shift over"))
tree:SetStartTask(shift)
return tree
