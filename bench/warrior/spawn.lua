-- The warrior AI of btlua.lua ("goconds": Lua action leaves, declarative
-- Go preconditions) as a factory for Host.Spawn, for BenchmarkShards and
-- btlua --agents: each agent's world lives in its tree and changes inside
-- its tick (the action leaf draws it when due, as world.go's World does),
-- so that a sharded host ticks everything in parallel. Agent i (from 0,
-- args.index - 1) has world.go's seed and period, and sees the same
-- situations at the same ticks as in sim.go, so the action histogram is
-- sim.go's. With args.tally, each agent also counts its actions in its
-- tree's variables (named after the actions), for the tests.
require("btlua")

local Running = BTTaskStatus.Running
local building -- the world of the tree being built

local new = WarriorAction.New
function WarriorAction:New(name)
    local o = new(self, name)
    o.world = building
    return o
end

-- draw moves the world to its next situation (world.go's Draw).
local function draw(w)
    local s = w.seed * 16807 % 2147483647
    w.health = s % 1000
    s = s * 16807 % 2147483647
    w.distance = s % 100
    s = s * 16807 % 2147483647
    w.visible = s % 2 == 0
    w.seed = s
end

local function write(tree, w)
    tree:SetVariable("health", w.health)
    tree:SetVariable("distance", w.distance)
    tree:SetVariable("visible", w.visible)
end

function WarriorAction:OnUpdate()
    hist[self.name] = hist[self.name] + 1
    local w = self.world
    if w.tally then self:SetVariable(self.name, (self:GetVariable(self.name) or 0) + 1) end
    w.tick = w.tick + 1
    if (w.tick + 1 + w.i) % w.period == 0 then
        draw(w)
        self:SetVariable("health", w.health)
        self:SetVariable("distance", w.distance)
        self:SetVariable("visible", w.visible)
    end
    return Running
end

return function(args)
    local i = (args and args.index or 1) - 1
    building = { i = i, tick = 0, period = 3 + i % 5, seed = 1 + i * 48271 % 2147483646, tally = args and args.tally }
    draw(building)
    if (1 + i) % building.period == 0 then draw(building) end -- sim.go's change before tick 1
    local tree = NewWarrior("goconds")
    write(tree, building)
    building = nil
    return tree
end
