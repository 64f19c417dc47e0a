package goap

// Deterministic planning domains shared by tests and benchmarks.

// craftingDomain is a 30-action crafting world. The goal (a sword) needs an
// optimal plan of 12 steps that reuses ChopLog and SawPlanks; the other
// actions are alternatives that cost more (buying with gold earned by
// selling ore, trading stone) or distractors that touch the same keys.
func craftingDomain() (*WorldState, *Goal, []*Action) {
	start := ws("hasAxe", false, "hasPickaxe", false, "gold", 0, "axeBroken", false)
	n := func(k string, c float64) Condition { return Cond(k, OpGe, Number(c)) }
	actions := []*Action{
		act("TakeAxe", 1, nil, Set("hasAxe", T)),
		act("ChopLog", 2, pre(Is("hasAxe", T), Is("axeBroken", F)), Set("hasLog", T)),
		act("SawPlanks", 1, pre(Is("hasLog", T)), Set("hasPlanks", T), Set("hasLog", F)),
		act("TakePickaxe", 1, nil, Set("hasPickaxe", T)),
		act("MineOre", 3, pre(Is("hasPickaxe", T)), Set("hasOre", T)),
		act("BuildFurnace", 2, pre(Is("hasPlanks", T)), Set("hasFurnace", T), Set("hasPlanks", F)),
		act("SmeltIron", 2, pre(Is("hasOre", T), Is("hasFurnace", T)), Set("hasIngot", T), Set("hasOre", F)),
		act("ForgeBlade", 2, pre(Is("hasIngot", T)), Set("hasBlade", T), Set("hasIngot", F)),
		act("CarveHilt", 1, pre(Is("hasPlanks", T)), Set("hasHilt", T), Set("hasPlanks", F)),
		act("AssembleSword", 1, pre(Is("hasBlade", T), Is("hasHilt", T)), Set("hasSword", T), Set("hasBlade", F), Set("hasHilt", F)),
		// alternatives
		act("SellOre", 1, pre(Is("hasOre", T)), Add("gold", 10), Set("hasOre", F)),
		act("BuySword", 5, pre(n("gold", 40)), Set("hasSword", T), Sub("gold", 40)),
		act("BuyAxe", 4, pre(n("gold", 10)), Set("hasAxe", T), Sub("gold", 10)),
		act("BuyPlanks", 3, pre(n("gold", 10)), Set("hasPlanks", T), Sub("gold", 10)),
		act("BuyIngot", 6, pre(n("gold", 20)), Set("hasIngot", T), Sub("gold", 20)),
		act("GatherStone", 2, pre(Is("hasPickaxe", T)), Set("hasStone", T)),
		act("TradeStoneForIngot", 5, pre(Is("hasStone", T), n("gold", 10)), Set("hasIngot", T), Set("hasStone", F), Sub("gold", 10)),
		act("BuildStoneFurnace", 4, pre(Is("hasStone", T)), Set("hasFurnace", T), Set("hasStone", F)),
		act("WhittleHilt", 3, pre(Is("hasLog", T)), Set("hasHilt", T), Set("hasLog", F)),
		// distractors on the same keys
		act("DropAxe", 1, pre(Is("hasAxe", T)), Set("hasAxe", F)),
		act("DropPickaxe", 1, pre(Is("hasPickaxe", T)), Set("hasPickaxe", F)),
		act("BurnPlanks", 1, pre(Is("hasPlanks", T)), Set("hasPlanks", F), Set("warm", T)),
		act("BurnLog", 1, pre(Is("hasLog", T)), Set("hasLog", F), Set("warm", T)),
		act("BreakAxe", 1, pre(Is("hasAxe", T)), Set("axeBroken", T)),
		act("RepairAxe", 2, pre(Is("axeBroken", T), Is("hasIngot", T)), Set("axeBroken", F), Set("hasIngot", F)),
		act("SellBlade", 1, pre(Is("hasBlade", T)), Set("hasBlade", F), Add("gold", 15)),
		act("SellHilt", 1, pre(Is("hasHilt", T)), Set("hasHilt", F), Add("gold", 2)),
		act("Gamble", 2, pre(n("gold", 5)), Sub("gold", 5)),
		act("ScrapFurnace", 1, pre(Is("hasFurnace", T)), Set("hasFurnace", F), Set("hasStone", T)),
		act("TossStone", 1, pre(Is("hasStone", T)), Set("hasStone", F)),
	}
	return start, goal("sword", Is("hasSword", T)), actions
}

// craftingPlan and craftingCost are the optimal plan of craftingDomain as
// the planner returns it (ties broken deterministically).
var (
	craftingPlan = []string{"TakePickaxe", "TakeAxe", "ChopLog", "SawPlanks", "MineOre", "BuildFurnace",
		"ChopLog", "SmeltIron", "SawPlanks", "ForgeBlade", "CarveHilt", "AssembleSword"}
	craftingCost = 19.0
)

// smallDomain is a bool-only 8-action domain the seed's exhaustive planner
// can still finish (its optimal plan uses no action twice).
func smallDomain() (*WorldState, *Goal, []*Action) {
	start := NewWorldState()
	actions := []*Action{
		act("Scout", 1, nil, Set("scouted", T)),
		act("GetWeapon", 2, nil, Set("armed", T)),
		act("GetArmor", 3, nil, Set("armored", T)),
		act("Eat", 1, nil, Set("fed", T)),
		act("Rest", 2, nil, Set("rested", T)),
		act("Sneak", 2, pre(Is("scouted", T)), Set("close", T)),
		act("Charge", 1, pre(Is("armed", T), Is("armored", T)), Set("close", T)),
		act("Strike", 2, pre(Is("close", T), Is("armed", T), Is("fed", T)), Set("won", T)),
	}
	return start, goal("win", Is("won", T), Is("rested", T)), actions
}

var (
	smallPlan = []string{"Scout", "GetWeapon", "Sneak", "Rest", "Eat", "Strike"}
	smallCost = 10.0
)
