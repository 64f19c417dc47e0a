-- The 30-action crafting domain of stdlib/goap/domains_test.go, in Lua.
-- Optimal plan: 12 steps, cost 19, reusing ChopLog and SawPlanks.
-- Returns start, goal, actions; each action keeps its effects in fx so that
-- its Perform can apply them to a provider's world.
local goap = require("goap")

local function n(k, c) return {k, ">=", c} end

local Applying = goap.Action:New()
-- Perform applies the effects to the provider's world.
function Applying:Perform(agent)
    local w = agent.world
    for _, e in ipairs(self.fx) do
        local k, op, v = e[1], e[2], e[3]
        if op == "=" then w[k] = v
        elseif op == "+" then w[k] = (w[k] or 0) + v
        else w[k] = (w[k] or 0) - v end
    end
    return true
end

local actions = {}
local function act(name, cost, pre, fx)
    local a = Applying:New{name = name, cost = cost, pre = pre or {}, effects = fx, fx = fx}
    actions[#actions + 1] = a
end
local function set(k, v) return {k, "=", v} end
local function add(k, v) return {k, "+", v} end
local function sub(k, v) return {k, "-", v} end
local T, F = true, false

act("TakeAxe", 1, nil, {set("hasAxe", T)})
act("ChopLog", 2, {{"hasAxe", T}, {"axeBroken", F}}, {set("hasLog", T)})
act("SawPlanks", 1, {{"hasLog", T}}, {set("hasPlanks", T), set("hasLog", F)})
act("TakePickaxe", 1, nil, {set("hasPickaxe", T)})
act("MineOre", 3, {{"hasPickaxe", T}}, {set("hasOre", T)})
act("BuildFurnace", 2, {{"hasPlanks", T}}, {set("hasFurnace", T), set("hasPlanks", F)})
act("SmeltIron", 2, {{"hasOre", T}, {"hasFurnace", T}}, {set("hasIngot", T), set("hasOre", F)})
act("ForgeBlade", 2, {{"hasIngot", T}}, {set("hasBlade", T), set("hasIngot", F)})
act("CarveHilt", 1, {{"hasPlanks", T}}, {set("hasHilt", T), set("hasPlanks", F)})
act("AssembleSword", 1, {{"hasBlade", T}, {"hasHilt", T}}, {set("hasSword", T), set("hasBlade", F), set("hasHilt", F)})
-- alternatives
act("SellOre", 1, {{"hasOre", T}}, {add("gold", 10), set("hasOre", F)})
act("BuySword", 5, {n("gold", 40)}, {set("hasSword", T), sub("gold", 40)})
act("BuyAxe", 4, {n("gold", 10)}, {set("hasAxe", T), sub("gold", 10)})
act("BuyPlanks", 3, {n("gold", 10)}, {set("hasPlanks", T), sub("gold", 10)})
act("BuyIngot", 6, {n("gold", 20)}, {set("hasIngot", T), sub("gold", 20)})
act("GatherStone", 2, {{"hasPickaxe", T}}, {set("hasStone", T)})
act("TradeStoneForIngot", 5, {{"hasStone", T}, n("gold", 10)}, {set("hasIngot", T), set("hasStone", F), sub("gold", 10)})
act("BuildStoneFurnace", 4, {{"hasStone", T}}, {set("hasFurnace", T), set("hasStone", F)})
act("WhittleHilt", 3, {{"hasLog", T}}, {set("hasHilt", T), set("hasLog", F)})
-- distractors on the same keys
act("DropAxe", 1, {{"hasAxe", T}}, {set("hasAxe", F)})
act("DropPickaxe", 1, {{"hasPickaxe", T}}, {set("hasPickaxe", F)})
act("BurnPlanks", 1, {{"hasPlanks", T}}, {set("hasPlanks", F), set("warm", T)})
act("BurnLog", 1, {{"hasLog", T}}, {set("hasLog", F), set("warm", T)})
act("BreakAxe", 1, {{"hasAxe", T}}, {set("axeBroken", T)})
act("RepairAxe", 2, {{"axeBroken", T}, {"hasIngot", T}}, {set("axeBroken", F), set("hasIngot", F)})
act("SellBlade", 1, {{"hasBlade", T}}, {set("hasBlade", F), add("gold", 15)})
act("SellHilt", 1, {{"hasHilt", T}}, {set("hasHilt", F), add("gold", 2)})
act("Gamble", 2, {n("gold", 5)}, {sub("gold", 5)})
act("ScrapFurnace", 1, {{"hasFurnace", T}}, {set("hasFurnace", F), set("hasStone", T)})
act("TossStone", 1, {{"hasStone", T}}, {set("hasStone", F)})

local start = {hasAxe = false, hasPickaxe = false, gold = 0, axeBroken = false}
local goal = {hasSword = true}
return start, goal, actions
