package tests

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// GOAP from Lua (lua/goaplib, require("goap")): the planner cases of the
// GOAP issue with actions written as Lua classes, the agent's tick-by-tick
// cycle with a scripted Lua provider, the behavior-tree task, bad input,
// and hot reload of an action's hooks.

// goapPrelude is run in every host of these tests.
const goapPrelude = `
goap = require("goap")
-- "A, B, C" from a plan
function names(plan, sep)
    local t = {}
    for i, a in ipairs(plan) do t[i] = a.name end
    return table.concat(t, sep or ", ")
end
-- the results of Planner:Plan (plan, info or nil, err) as one line
function show(plan, info)
    if plan == nil then return "nil [" .. info.kind .. "] " .. info.message end
    if #plan == 0 then return "(empty) cost " .. info.cost end
    return names(plan) .. " cost " .. info.cost
end
-- the seed's class constructor
function seedNew(self)
    local o = {}
    setmetatable(o, self)
    self.__index = self
    return o
end
`

// newGoapHost returns a host with the prelude run; print output goes to
// the returned buffer.
func newGoapHost(t *testing.T) (*host.Host, *bytes.Buffer) {
	t.Helper()
	var out bytes.Buffer
	h, err := host.New(host.Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	if _, err := h.DoString(goapPrelude); err != nil {
		t.Fatal(err)
	}
	return h, &out
}

// evalLua runs src in h and returns its single result as a string, or the
// error as a *luaerr.Error.
func evalLua(h *host.Host, src string) (string, error) {
	rets, err := h.DoString(src)
	if err != nil || len(rets) == 0 {
		return "", err
	}
	switch v := rets[len(rets)-1].(type) {
	case string:
		return v, nil
	case float64:
		return lua.LNumber(v).String(), nil
	}
	return "", nil
}

func mustEval(t *testing.T, h *host.Host, src string) string {
	t.Helper()
	s, err := evalLua(h, src)
	if err != nil {
		t.Fatalf("Lua error: %v", err)
	}
	return s
}

func TestGoapLuaPlanner(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"reuse", `
			-- seed-style classes; the planner reuses MineOre
			MineOre = goap.Action:New()
			MineOre.name = "MineOre"
			MineOre.cost = 10
			MineOre:AddEffect("money", true)
			MineOre.New = seedNew
			BuyFood = goap.Action:New()
			BuyFood.name = "BuyFood"
			BuyFood.cost = 2
			BuyFood:AddPrecondition("money", true)
			BuyFood:AddEffect("food", true)
			BuyFood:AddEffect("money", false)
			BuyFood.New = seedNew
			local mine, buy = MineOre:New(), BuyFood:New()
			local plan, info = goap.Planner:New():Plan({money = false, food = false}, {money = true, food = true}, {mine, buy})
			assert(plan[1] == mine and plan[2] == buy and plan[3] == mine, "plan holds the action tables")
			return show(plan, info)`,
			"MineOre, BuyFood, MineOre cost 22"},
		{"costs", `
			-- constructor style: the cheaper two-step plan wins
			local attack = goap.Action:New{name = "Attack", cost = 5, effects = {dead = true}}
			local cover = goap.Action:New{name = "GotoCover", cost = 1, effects = {inCover = true}}
			local fromCover = goap.Action:New{name = "AttackFromCover", cost = 1, pre = {inCover = true}, effects = {dead = true}}
			return show(goap.Planner:New():Plan({dead = false, inCover = false}, {dead = true}, {attack, cover, fromCover}))`,
			"GotoCover, AttackFromCover cost 2"},
		{"satisfied", `
			local eat = goap.Action:New{name = "Eat", pre = {hasFood = true}, effects = {hasFood = false}}
			return show(goap.Planner:New():Plan({hasFood = true}, {hasFood = true}, {eat}))`,
			"(empty) cost 0"},
		{"unreachable cycle", `
			-- Up and Down cycle between a and b; Win needs pos "c"
			local up = goap.Action:New{name = "Up", pre = {pos = "a"}, effects = {pos = "b"}}
			local down = goap.Action:New{name = "Down", pre = {pos = "b"}, effects = {pos = "a"}}
			local win = goap.Action:New{name = "Win", pre = {pos = "c"}, effects = {won = true}}
			return show(goap.Planner:New():Plan({pos = "a", won = false}, {won = true}, {up, down, win}))`,
			`nil [noplan] goap: goal {won == true}: no plan`},
		{"budget", `
			local chop = goap.Action:New{name = "Chop", effects = {{"wood", "+", 1}}}
			return show(goap.Planner:New{maxNodes = 3}:Plan({wood = 0}, {{"wood", ">=", 10}}, {chop}))`,
			`nil [budget] goap: goal {wood >= 10}: budget exhausted: node budget of 3 expansions reached`},
		{"numeric", `
			local chop = goap.Action:New{name = "ChopWood", cost = 1}
			chop:AddEffect("wood", "+", 1)
			local build = goap.Action:New{name = "BuildHouse", cost = 2}
			build:AddPrecondition("wood", ">=", 3)
			build:AddEffect("wood", "-", 3)
			build:AddEffect("house", true)
			local p = goap.Planner:New()
			return show(p:Plan({wood = 0}, {house = true}, {chop, build})) .. " | " ..
				show(p:Plan({wood = 1}, {{"wood", ">=", 2}, {"wood", "~=", 5}}, {chop, build}))`,
			"ChopWood, ChopWood, ChopWood, BuildHouse cost 5 | ChopWood cost 1"},
		{"cost function", `
			-- chopping gets dearer with each log (1, 2, 3); buying costs 5
			local chop = goap.Action:New{name = "Chop", minCost = 1,
				cost = function(state, self) return 1 + state.wood end,
				effects = {{"wood", "+", 1}}}
			local buy = goap.Action:New{name = "Buy", cost = 5, effects = {{"wood", "+", 3}}}
			local p = goap.Planner:New()
			return show(p:Plan({wood = 0}, {{"wood", ">=", 2}}, {chop, buy})) .. " | " ..
				show(p:Plan({wood = 0}, {{"wood", ">=", 3}}, {chop, buy}))`,
			"Chop, Chop cost 3 | Buy cost 5"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, _ := newGoapHost(t)
			got := mustEval(t, h, c.src)
			if strings.HasPrefix(c.want, "nil") {
				if !strings.HasPrefix(got, c.want) {
					t.Fatalf("got %q, want prefix %q", got, c.want)
				}
				return
			}
			if got != c.want {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
}

// planner:Plan returns the same shapes on success and failure: plan, info
// ({cost, satisfied, expanded, visited}) or nil, err ({kind, reason, limit,
// message, expanded, visited}); no parsing of Explain.
func TestGoapLuaPlanInfoAndError(t *testing.T) {
	h, _ := newGoapHost(t)
	got := mustEval(t, h, `
		local mine = goap.Action:New{name = "MineOre", cost = 10, effects = {money = true}}
		local buy = goap.Action:New{name = "BuyFood", cost = 2, pre = {money = true}, effects = {food = true, money = false}}
		local p = goap.Planner:New()
		local out = {}
		local plan, info = p:Plan({money = false, food = false}, {money = true, food = true}, {mine, buy})
		out[#out + 1] = string.format("%d steps cost=%g satisfied=%s expanded=%d visited=%d",
			#plan, info.cost, tostring(info.satisfied), info.expanded, info.visited)
		plan, info = p:Plan({food = true}, {food = true}, {mine, buy})
		out[#out + 1] = string.format("%d steps cost=%g satisfied=%s expanded=%d visited=%d",
			#plan, info.cost, tostring(info.satisfied), info.expanded, info.visited)
		local chop = goap.Action:New{name = "Chop", effects = {{"wood", "+", 1}}}
		local none, err = goap.Planner:New{maxNodes = 3}:Plan({wood = 0}, {{"wood", ">=", 10}}, {chop})
		out[#out + 1] = string.format("%s kind=%s limit=%s reason=%s expanded=%d visited=%d",
			tostring(none), err.kind, err.limit, err.reason, err.expanded, err.visited)
		none, err = goap.Planner:New{maxBytes = 100}:Plan({wood = 0}, {{"wood", ">=", 10}}, {chop})
		out[#out + 1] = string.format("%s kind=%s limit=%s", tostring(none), err.kind, err.limit)
		none, err = p:Plan({}, {door = true}, {chop})
		out[#out + 1] = string.format("%s kind=%s limit=%s reason=%s", tostring(none), err.kind, tostring(err.limit), err.reason)
		-- malformed input: nil, err with kind "invalid", not a raised error
		none, err = p:Plan({wood = "lots"}, {{"wood", ">=", 2}}, {chop})
		out[#out + 1] = string.format("%s kind=%s reason=%s expanded=%d", tostring(none), err.kind, err.reason, err.expanded)
		none, err = p:Plan({}, 7, {chop})
		out[#out + 1] = string.format("%s kind=%s message=%s", tostring(none), err.kind, err.message)
		return table.concat(out, "\n")`)
	want := `3 steps cost=22 satisfied=false expanded=3 visited=4
0 steps cost=0 satisfied=true expanded=0 visited=1
nil kind=budget limit=nodes reason=node budget of 3 expansions reached expanded=3 visited=4
nil kind=budget limit=bytes
nil kind=noplan limit=nil reason=condition door == true is unmet and no usable action changes "door"
nil kind=invalid reason=key "wood" has Add effects but can hold a non-number expanded=0
nil kind=invalid message=<string>:23: goap: Planner:Plan: goal must be a table of conditions ({key = value} or {{key, op, value}}), got 7 (a number)`
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// planner:PlanGoals plans for the highest-priority achievable unmet goal,
// as the agent does: met goals are skipped, an unreachable one falls back
// on the next; info.goal names the goal chosen.
func TestGoapLuaPlanGoals(t *testing.T) {
	h, _ := newGoapHost(t)
	got := mustEval(t, h, `
		local eat = goap.Action:New{name = "Eat", cost = 1, pre = {hasFood = true}, effects = {fed = true}}
		local cook = goap.Action:New{name = "Cook", cost = 2, effects = {hasFood = true}}
		local sleep = goap.Action:New{name = "Sleep", cost = 1, effects = {rested = true}}
		local goals = {
			{name = "rest", priority = 1, conditions = {rested = true}},
			{name = "fly", priority = 9, conditions = {flying = true}},
			{name = "eat", priority = 5, conditions = {fed = true}},
			{name = "safe", priority = 20, conditions = {safe = true}},
		}
		local p = goap.Planner:New()
		local out = {}
		local plan, info = p:PlanGoals({safe = true}, goals, {eat, cook, sleep})
		out[#out + 1] = info.goal .. ": " .. show(plan, info)
		plan, info = p:PlanGoals({safe = true, fed = true}, goals, {eat, cook, sleep})
		out[#out + 1] = info.goal .. ": " .. show(plan, info)
		plan, info = p:PlanGoals({safe = true, fed = true, rested = true, flying = true}, goals, {eat, cook, sleep})
		out[#out + 1] = tostring(info.goal) .. ": " .. show(plan, info)
		plan, info = p:PlanGoals({}, {{name = "fly", conditions = {flying = true}}}, {eat})
		out[#out + 1] = show(plan, info)
		return table.concat(out, "\n")`)
	want := `eat: Cook, Eat cost 3
rest: Sleep cost 1
nil: (empty) cost 0
nil [noplan] goap: goal "fly" {flying == true}: no plan: condition flying == true is unmet and no usable action changes "flying" (expanded 0, visited 1)`
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// A comparison used as an effect operator is an error (it was silently a
// set before): effects are "=", "+" or "-".
func TestGoapLuaEffectOperatorValidation(t *testing.T) {
	h, _ := newGoapHost(t)
	for _, op := range []string{"==", ">=", "<", "~="} {
		_, err := evalLua(h, `goap.Action:New{name = "Bad", effects = {{"wood", "`+op+`", 1}}}`)
		if err == nil || !strings.Contains(err.Error(), `effect operator "`+op+`" on "wood" is a comparison`) {
			t.Fatalf("op %s: err %v", op, err)
		}
	}
}

func TestGoapLuaPlannerExplainAndIntrospection(t *testing.T) {
	h, _ := newGoapHost(t)
	got := mustEval(t, h, `
		local p = goap.Planner:New()
		assert(p:Explain() == "")
		local a = goap.Action:New{name = "A", cost = 3, pre = {{"n", "<", 2}, ready = true}, effects = {{"n", "+", 1}, {"n", "-", 4}, done = "yes"}}
		p:Plan({n = 0, ready = true}, {done = "yes"}, {a})
		local parts = {}
		for _, c in ipairs(a:GetPreconditions()) do parts[#parts + 1] = table.concat({c[1], c[2], tostring(c[3])}, " ") end
		for _, e in ipairs(a:GetEffects()) do parts[#parts + 1] = table.concat({e[1], e[2], tostring(e[3])}, " ") end
		a:RemovePrecondition("n")
		a:RemoveEffect("n")
		parts[#parts + 1] = #a:GetPreconditions() .. "/" .. #a:GetEffects()
		return table.concat(parts, "; ") .. "\n" .. p:Explain()`)
	want := "n < 2; ready == true; n + 1; n - 4; done = yes; 1/1\n"
	if !strings.HasPrefix(got, want) {
		t.Fatalf("got %q, want prefix %q", got, want)
	}
	for _, s := range []string{`goal: {done == "yes"}`, "result: plan of 1 actions, cost 3", "  1. A (cost 3)"} {
		if !strings.Contains(got, s) {
			t.Errorf("Explain lacks %q:\n%s", s, got)
		}
	}
}

// goapAgentPrelude: a scripted provider that logs every call, and tick(agent,
// n), which runs n ticks and returns one line per tick: "<state that ran>:
// calls" (as stdlib/goap's agent tests do).
const goapAgentPrelude = `
log = {}
function note(s) log[#log + 1] = s end
Provider = {}
function Provider:New(world, goals)
    local o = {world = world, goals = goals, moves = {}}
    setmetatable(o, self)
    self.__index = self
    return o
end
function Provider:GetWorldState() return self.world end
function Provider:Goals() return self.goals end
function Provider:PlanFailed(goal, message) note("PlanFailed " .. goal.name) end
function Provider:PlanFound(goal, plan, cost)
    note("PlanFound " .. goal.name .. " " .. names(plan, ","))
    if self.onPlan then self:onPlan(goal, plan) end
end
function Provider:ActionsFinished() note("ActionsFinished") end
function Provider:PlanAborted(action) note("PlanAborted " .. action.name) end
function Provider:PlanInterrupted(goal, by) note("PlanInterrupted " .. goal.name .. " by " .. by.name) end
function Provider:MoveAgent(action)
    local ok = true
    if #self.moves > 0 then ok = table.remove(self.moves, 1) end
    note("MoveAgent " .. action.name .. " " .. tostring(ok))
    return ok
end
-- an action class whose Perform applies its effects to the provider's
-- world, failing the first self.fails times
WorldAction = goap.Action:New()
function WorldAction:Perform(agent)
    if (self.fails or 0) > 0 then
        self.fails = self.fails - 1
        note("Perform " .. self.name .. " fail")
        return false
    end
    note("Perform " .. self.name)
    for _, e in ipairs(self:GetEffects()) do agent.world[e[1]] = e[3] end
    return true
end
function tick(agent, n)
    local out = {}
    for i = 1, n do
        local name = agent:StateName()
        log = {}
        agent:Update()
        out[#out + 1] = name .. ": " .. table.concat(log, "; ")
    end
    return table.concat(out, "\n")
end
`

func newGoapAgentHost(t *testing.T) *host.Host {
	t.Helper()
	h, _ := newGoapHost(t)
	if _, err := h.DoString(goapAgentPrelude); err != nil {
		t.Fatal(err)
	}
	return h
}

func checkLines(t *testing.T, got string, want ...string) {
	t.Helper()
	if w := strings.Join(want, "\n"); got != w {
		t.Fatalf("got:\n%s\nwant:\n%s", got, w)
	}
}

// Idle -> PerformAction -> MoveTo -> PerformAction -> Idle, with a
// scripted MoveAgent (not there yet, then there).
func TestGoapLuaAgentCycle(t *testing.T) {
	h := newGoapAgentHost(t)
	got := mustEval(t, h, `
		P = Provider:New({ore = false, money = false}, {{name = "rich", priority = 1, conditions = {money = true}}})
		P.moves = {false, true}
		Mine = WorldAction:New{name = "Mine", cost = 1, effects = {ore = true}, requiresInRange = true, target = "rock"}
		Sell = WorldAction:New{name = "Sell", cost = 1, pre = {ore = true}, effects = {money = true, ore = false}}
		A = goap.Agent:New(P, {Mine, Sell})
		assert(A:StateName() == "Idle" and A:CurrentAction() == nil and A:Plan() == nil and A:Goal() == nil)
		return tick(A, 2)`)
	checkLines(t, got,
		"Idle: PlanFound rich Mine,Sell",
		"PerformAction: ")
	got = mustEval(t, h, `
		local plan, cost = A:Plan()
		return table.concat({A:StateName(), A:CurrentAction().name, names(plan, ","), cost, A:Goal().name, names(A:Remaining(), ",")}, " ")`)
	if got != "MoveTo Mine Mine,Sell 2 rich Mine,Sell" {
		t.Fatalf("after 2 ticks: %q", got)
	}
	got = mustEval(t, h, `return tick(A, 6)`)
	checkLines(t, got,
		"MoveTo: MoveAgent Mine false",
		"MoveTo: MoveAgent Mine true",
		"PerformAction: Perform Mine",
		"PerformAction: Perform Sell",
		"PerformAction: ActionsFinished",
		"Idle: ") // goal met: nothing to do
	got = mustEval(t, h, `return tostring(A:StateName() == "Idle" and A:Goal() == nil and not Mine:IsInRange() and P.world.money)`)
	if got != "true" {
		t.Fatal("after the plan: not idle, goal kept, InRange kept or money not made")
	}
}

// A failed Perform calls PlanAborted once and the agent replans on the next
// tick (no backoff).
func TestGoapLuaAgentFailedPerformAbortsOnceAndReplans(t *testing.T) {
	h := newGoapAgentHost(t)
	got := mustEval(t, h, `
		local p = Provider:New({ore = false}, {{name = "ore", conditions = {ore = true}}})
		local mine = WorldAction:New{name = "Mine", effects = {ore = true}, fails = 1}
		return tick(goap.Agent:New(p, {mine}), 6)`)
	checkLines(t, got,
		"Idle: PlanFound ore Mine",
		"PerformAction: Perform Mine fail; PlanAborted Mine",
		"Idle: PlanFound ore Mine",
		"PerformAction: Perform Mine",
		"PerformAction: ActionsFinished",
		"Idle: ")
}

// An in-range action whose target a script clears after planning aborts
// the plan exactly once, then the agent backs off (2, then 4 ticks) and
// the action is left out of planning until its target comes back.
func TestGoapLuaAgentMissingTargetAbortsOnce(t *testing.T) {
	h := newGoapAgentHost(t)
	got := mustEval(t, h, `
		P = Provider:New({ore = false}, {{name = "ore", conditions = {ore = true}}})
		Mine = WorldAction:New{name = "Mine", effects = {ore = true}, requiresInRange = true, target = "rock"}
		function P:onPlan() Mine.target = nil end -- the rock vanishes
		A = goap.Agent:New(P, {Mine}, {backoffInitial = 2, backoffMax = 4})
		return tick(A, 14)`)
	checkLines(t, got,
		"Idle: PlanFound ore Mine",
		"PerformAction: PlanAborted Mine",
		"Idle: ", "Idle: ",
		"Idle: PlanFailed ore",
		"Idle: ", "Idle: ", "Idle: ", "Idle: ",
		"Idle: PlanFailed ore",
		"Idle: ", "Idle: ", "Idle: ", "Idle: ")
	got = mustEval(t, h, `
		Mine.target = "rock2"
		P.onPlan = nil
		return tick(A, 3)`)
	checkLines(t, got,
		"Idle: PlanFound ore Mine",
		"PerformAction: ",
		"MoveTo: MoveAgent Mine true")
}

// The seed's provider shape (GetState, CreateGoalState), its spelling
// CheckProcedualPrecondition, Reset before each planning round, the owner
// option, RequiresInRange as a method, and an IsDone that takes two ticks.
func TestGoapLuaAgentSeedShape(t *testing.T) {
	h := newGoapAgentHost(t)
	got := mustEval(t, h, `
		local world = {food = false}
		local p = {}
		function p:GetState() return world end
		function p:CreateGoalState() return {food = true} end
		function p:PlanFound(goal, plan, cost) note("PlanFound " .. names(plan, ",") .. " " .. cost .. " goal.food=" .. tostring(goal.food)) end
		function p:PlanFailed(goal, message) note("PlanFailed " .. message:match("^(.-): no plan")) end
		function p:ActionsFinished() note("ActionsFinished") end
		function p:MoveAgent(a) note("MoveAgent " .. a.target) return true end
		Cook = goap.Action:New()
		Cook.name = "Cook"
		Cook:AddEffect("food", true)
		Cook.New = seedNew
		Cook.allowed = false
		function Cook:Reset() self.steps = 0; note("Reset") end
		function Cook:CheckProcedualPrecondition(agent)
			note("Check " .. agent.name)
			self.target = "stove"
			return self.allowed
		end
		function Cook:RequiresInRange() return true end
		function Cook:Perform(agent)
			self.steps = self.steps + 1
			note("Perform " .. self.steps .. (self:IsInRange() and " in range" or ""))
			if self.steps == 2 then world.food = true end
			return true
		end
		function Cook:IsDone() return self.steps >= 2 end
		local cook = Cook:New()
		local a = goap.Agent:New(p, {cook}, {owner = {name = "npc-7"}, backoffInitial = -1})
		local out = tick(a, 2)
		cook.allowed = true
		return out .. "\n" .. tick(a, 6)`)
	checkLines(t, got,
		"Idle: Reset; Check npc-7; PlanFailed goap: goal \"CreateGoalState\" {food == true}",
		"Idle: Reset; Check npc-7; PlanFailed goap: goal \"CreateGoalState\" {food == true}",
		"Idle: Reset; Check npc-7; PlanFound Cook 1 goal.food=true",
		"PerformAction: ",
		"MoveTo: MoveAgent stove",
		"PerformAction: Perform 1 in range",
		"PerformAction: Perform 2 in range",
		"PerformAction: Reset; ActionsFinished")
}

// Goal priorities (numbers and functions of the state) and fallback to the
// next goal when the first cannot be planned.
func TestGoapLuaAgentGoalPriorities(t *testing.T) {
	h := newGoapAgentHost(t)
	got := mustEval(t, h, `
		local world = {food = false, rested = false, bored = true, fun = false}
		local goals = {
			{name = "fun", conditions = {fun = true}, priority = function(state, goal) return state.bored and 7 or 0 end},
			{name = "rest", conditions = {rested = true}, priority = 5},
			{name = "eat", conditions = {food = true}, priority = 10}, -- nothing makes food
		}
		local p = Provider:New(world, goals)
		local sleep = goap.Action:New{name = "Sleep", cost = 3, effects = {rested = true}}
		local play = goap.Action:New{name = "Play", effects = {fun = true}}
		local a = goap.Agent:New(p, {sleep, play})
		local out = tick(a, 1) .. " -> " .. a:Goal().name
		a:Replan()
		world.bored = false
		return out .. "\n" .. tick(a, 1) .. " -> " .. a:Goal().name`)
	checkLines(t, got,
		"Idle: PlanFailed eat; PlanFound fun Play -> fun",
		"Idle: PlanFailed eat; PlanFound rest Sleep -> rest")
}

// A goal whose priority function rises above the running goal's ends the
// plan at the next safe point without Replan: Chop (three ticks, no
// CanInterrupt) runs to completion first; Walk says CanInterrupt and is
// ended mid-step. Priorities are re-read every 2 ticks of a running plan.
func TestGoapLuaAgentPriorityInterrupt(t *testing.T) {
	h := newGoapAgentHost(t)
	got := mustEval(t, h, `
		World = {wood = 0, hunger = 0, fed = false, atForest = false}
		Slow = WorldAction:New()
		function Slow:Reset() self.steps = 0 end
		function Slow:IsDone() return (self.steps or 0) >= self.ticks end
		function Slow:Perform(agent)
			self.steps = (self.steps or 0) + 1
			note("Perform " .. self.name .. " " .. self.steps)
			if self.steps == self.ticks then
				for _, e in ipairs(self:GetEffects()) do
					if e[2] == "+" then agent.world[e[1]] = agent.world[e[1]] + e[3] else agent.world[e[1]] = e[3] end
				end
			end
			return true
		end
		Walk = Slow:New{name = "Walk", ticks = 4, effects = {atForest = true}}
		function Walk:CanInterrupt(agent) note("CanInterrupt Walk") return true end
		Chop = Slow:New{name = "Chop", ticks = 3, pre = {atForest = true}}
		Chop:AddEffect("wood", "+", 1)
		Eat = WorldAction:New{name = "Eat", effects = {fed = true, hunger = 0}}
		P = Provider:New(World, {
			{name = "wood", priority = 5, conditions = {{"wood", ">=", 2}}},
			{name = "eat", priority = function(state) return state.hunger end, conditions = {fed = true}},
		})
		A = goap.Agent:New(P, {Walk, Chop, Eat}, {priorityCheckTicks = 2})
		local out = tick(A, 6)
		World.hunger = 10
		return out .. "\n" .. tick(A, 2) .. "\n-> " .. A:Interrupting().name .. "\n" .. tick(A, 6)`)
	checkLines(t, got,
		"Idle: PlanFound wood Walk,Chop,Chop",
		"PerformAction: Perform Walk 1",
		"PerformAction: Perform Walk 2",
		"PerformAction: Perform Walk 3",
		"PerformAction: Perform Walk 4",
		"PerformAction: Perform Chop 1",
		"PerformAction: Perform Chop 2", // 6th tick of the plan: priorities read, eat 10 > wood 5
		"PerformAction: Perform Chop 3", // Chop has no CanInterrupt: it completes
		"-> eat",
		"PerformAction: PlanInterrupted wood by eat",
		"Idle: PlanFound eat Eat",
		"PerformAction: Perform Eat",
		"PerformAction: ActionsFinished",
		"Idle: PlanFound wood Chop",
		"PerformAction: Perform Chop 1")
	// Mid-step: Walk's CanInterrupt ends it at the first check.
	got = mustEval(t, h, `
		World.wood, World.atForest, World.fed, World.hunger = 0, false, false, 0
		A:Replan()
		local out = tick(A, 2)
		World.hunger = 10
		return out .. "\n" .. tick(A, 3) .. "\n-> steps " .. Walk.steps`)
	checkLines(t, got,
		"Idle: PlanFound wood Walk,Chop,Chop",
		"PerformAction: Perform Walk 1",
		"PerformAction: CanInterrupt Walk; PlanInterrupted wood by eat", // 2nd tick of the plan: a check
		"Idle: PlanFound eat Eat",
		"PerformAction: Perform Eat",
		"-> steps 0") // the interrupted Walk was Reset
}

// The agent knows its running goal when the provider returns the goals in
// another order (or as new tables) each round: no spurious interrupt.
func TestGoapLuaAgentGoalOrderChanges(t *testing.T) {
	h := newGoapAgentHost(t)
	got := mustEval(t, h, `
		local wood = {name = "wood", priority = 5, conditions = {{"wood", ">=", 2}}}
		local nap = {name = "nap", priority = 1, conditions = {rested = true}}
		local p = Provider:New({wood = 0, rested = false}, nil)
		local round = 0
		function p:Goals()
			round = round + 1
			if round % 2 == 1 then return {wood, nap} end
			return {{name = "nap", priority = 1, conditions = {rested = true}}, wood}
		end
		local chop = WorldAction:New{name = "Chop", effects = {{"wood", "+", 1}}}
		function chop:Perform(agent) note("Perform Chop") agent.world.wood = agent.world.wood + 1 return true end
		local a = goap.Agent:New(p, {chop}, {priorityCheckTicks = 1})
		local out = {}
		for i = 1, 3 do out[i] = tick(a, 1) .. " -> " .. a:Goal().name end
		return table.concat(out, "\n") .. "\n" .. tick(a, 1)`)
	checkLines(t, got,
		"Idle: PlanFound wood Chop,Chop -> wood",
		"PerformAction: Perform Chop -> wood",
		"PerformAction: Perform Chop -> wood",
		"PerformAction: ActionsFinished")
}

// The FSM for scripts: function states (the seed's delegates), table states
// with Enter/Update/Exit, ReplaceState, empty-stack Update and PopState.
func TestGoapLuaFSM(t *testing.T) {
	h, _ := newGoapHost(t)
	got := mustEval(t, h, `
		local out = {}
		local function say(s) out[#out + 1] = s end
		local m = goap.FSM:New("boot")
		local walk = {name = "walk"}
		function walk:Enter(owner) say("enter walk " .. tostring(owner)) end
		function walk:Update(fsm, owner) say("walk " .. owner); fsm:PopState() end
		function walk:Exit(owner) say("exit walk " .. tostring(owner)) end
		local function idle(fsm, owner)
			say("idle " .. owner)
			fsm:PushState(walk)
		end
		m:PushState(idle)
		m:Update("bob")      -- idle pushes walk
		say(m:StateName() .. " " .. m:Len())
		m:Update("bob")      -- walk pops itself
		m:ReplaceState(walk) -- idle replaced
		say(m:StateName() .. " " .. m:Len())
		m:Clear()
		say(tostring(m:Update("bob")) .. " " .. tostring(m:PopState()) .. " " .. m:Len())
		-- the seed's pattern: each machine keeps its own stack
		Machine = goap.FSM:New()
		function Machine:New() local o = {}; setmetatable(o, self); self.__index = self; return o end
		local m1, m2 = Machine:New(), Machine:New()
		m1:PushState(idle)
		say(m1:Len() .. " " .. m2:Len())
		return table.concat(out, "\n")`)
	checkLines(t, got,
		"idle bob",
		"enter walk bob",
		"walk 2",
		"walk bob",
		"exit walk bob",
		"enter walk bob",
		"walk 1",
		"exit walk bob",
		"false nil 0",
		"1 0")
}

// goapTaskScript is a tree whose root is a BTGoapAgentTask; CASE picks the
// scenario.
const goapTaskScript = `
local goap = require("goap")
local world = {ore = false}
local p = {}
function p:GetWorldState() return world end
function p:CreateGoalState() return {ore = true} end
function p:MoveAgent(a) return true end
local mine = goap.Action:New{name = "Mine", effects = {ore = true}}
function mine:Perform(agent)
    if CASE == "abort" then return false end
    world.ore = true
    return true
end
if CASE == "met" then world.ore = true end
local actions = {mine}
if CASE == "noplan" then actions = {} end
local agent = goap.Agent:New(p, actions, {backoffInitial = 3})
local tree = BTBehaviorTree:New()
tree:SetStartTask(bt.GoapAgentTask:New(agent, "miner"))
return tree
`

// BTGoapAgentTask: Running while the plan runs, Success when
// ActionsFinished fires or the goal already holds, Failure on PlanAborted
// or when planning fails.
func TestGoapLuaAgentTaskStatuses(t *testing.T) {
	R, S, F := bt.Running, bt.Success, bt.Failure
	cases := []struct {
		name string
		want []bt.Status
	}{
		{"plan", []bt.Status{R, R, S}}, // plan; perform; done -> ActionsFinished
		{"met", []bt.Status{S}},
		{"abort", []bt.Status{R, F}},
		{"noplan", []bt.Status{F}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "miner.lua")
			src := "CASE = " + `"` + c.name + `"` + "\nbt = require(\"bt\")\n" + goapTaskScript
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			r := runScript(t, path, 20)
			if r.err != nil {
				t.Fatal(r.err)
			}
			if !equalStatuses(r.statuses, c.want) {
				t.Fatalf("statuses %v, want %v", r.statuses, c.want)
			}
			if len(r.events) == 0 || !strings.Contains(r.events[0], "miner") {
				t.Errorf("events %v: want the task named miner", r.events)
			}
		})
	}
}

func equalStatuses(a, b []bt.Status) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Bad input raises an error naming the file, the line and the offending
// value: at the calling line for API misuse, at the hook's definition for a
// hook returning the wrong type, at the error() call for a hook that
// raises (also inside a tree tick).
func TestGoapLuaBadInput(t *testing.T) {
	cases := []struct {
		file string
		line int
		msg  string
	}{
		{"bad_op", 4, `goap: Chop:AddPrecondition: unknown operator "=~" on "wood"`},
		{"bad_value", 3, `goap: Eat:New: pre.food: want a boolean, number or string, got a table`},
		{"no_name", 5, `goap: Planner:Plan: actions[2]: action has no name`},
		{"bad_state", 4, `goap: Planner:Plan: start state must be a table of key = value, got 42 (a number)`},
		{"bad_goal", 4, `goap: Planner:Plan: goal[1]: unknown operator ">>" on "wood"`},
		{"bad_effect", 3, `goap: Sell:AddEffect: "gold" + needs a number, got "ten" (a string)`},
		{"bad_order", 3, `goap: Greet:AddPrecondition: operator < on "name" needs a number, got "bob" (a string)`},
		{"not_action", 3, `goap: Planner:Plan: actions[1]: want an action (a table made with goap.Action:New() or derived from it), got "Chop" (a string)`},
		{"cost_error", 4, `wood is wet`},
		{"hook_result", 6, `goap: Mine.Perform returned nil, want true or false`},
		{"hook_raises", 7, `the rock is too hard`},
		{"bad_world", 4, `goap: GetWorldState result: ore: want a boolean, number or string, got a function`},
		{"bad_provider", 3, `goap: Agent:New: the provider has no Goals (or CreateGoalState) method`},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			path := filepath.Join("testdata", "goap", c.file+".lua")
			r := runScript(t, path, 10)
			var le *luaerr.Error
			if !errors.As(r.err, &le) {
				t.Fatalf("err = %v (%T), want a *luaerr.Error", r.err, r.err)
			}
			if le.File != path || le.Line != c.line {
				t.Errorf("location = %s:%d, want %s:%d (%v)", le.File, le.Line, path, c.line, le)
			}
			if !strings.Contains(le.Msg, c.msg) {
				t.Errorf("message = %q, want it to contain %q", le.Msg, c.msg)
			}
		})
	}
}

// Reloading an action class's file gives a running agent the new hook on
// its next tick (the GOAP library's hook cache is dropped with btlib's).
func TestGoapLuaReloadHook(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "digger.lua")
	write := func(word string) {
		src := `local goap = require("goap")
Dig = goap.Action:New{name = "Dig", effects = {{"holes", "+", 1}}}
function Dig:Perform(agent)
    print("` + word + `")
    agent.world.holes = agent.world.holes + 1
    return true
end
`
		if err := os.WriteFile(lib, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("dig")
	main := filepath.Join(dir, "main.lua")
	if err := os.WriteFile(main, []byte(`require("digger")
local goap = require("goap")
local p = {world = {holes = 0}}
function p:GetWorldState() return self.world end
function p:CreateGoalState() return {{"holes", ">=", 100}} end
local tree = BTBehaviorTree:New()
tree:SetStartTask(BTGoapAgentTask:New(goap.Agent:New(p, {Dig})))
return tree
`), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	h, err := host.New(host.Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(main); err != nil {
		t.Fatal(err)
	}
	for range 3 { // plan, dig, dig
		if err := h.Tick(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	}
	write("shovel")
	if _, err := h.Reload(lib); err != nil {
		t.Fatal(err)
	}
	if err := h.Tick(1.0 / 60); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "dig\ndig\nshovel\n" {
		t.Fatalf("output %q, want dig, dig, shovel", got)
	}
}

// Presence: a missing key reads as the operand's zero ({pos = 0} holds on
// a state without pos); {key, "exists", true} requires the key, false its
// absence. Effects mixing a named key with a list entry on the same key
// are refused (a Lua table keeps no order between them); conditions may
// mix (a conjunction).
func TestGoapLuaPresenceAndMixedTables(t *testing.T) {
	h, _ := newGoapHost(t)
	got := mustEval(t, h, `
		local place = goap.Action:New{name = "Place", effects = {pos = 0}}
		local p = goap.Planner:New()
		local out = {}
		out[#out + 1] = show(p:Plan({}, {pos = 0}, {place}))
		out[#out + 1] = show(p:Plan({}, {{"pos", "exists", true}, pos = 0}, {place}))
		local none, err = p:Plan({pos = 1}, {{"pos", "exists", false}}, {place})
		out[#out + 1] = tostring(none) .. " " .. err.kind
		local ok, msg = pcall(goap.Action.New, goap.Action, {name = "Mixed", effects = {{"wood", "+", 1}, wood = 3}})
		out[#out + 1] = tostring(ok) .. " " .. msg
		local mixed = goap.Action:New{name = "MixedPre", pre = {{"wood", ">=", 1}, wood = 2}, effects = {{"wood", "-", 1}, done = true}}
		out[#out + 1] = #mixed:GetPreconditions() .. " " .. #mixed:GetEffects()
		return table.concat(out, "\n")`)
	want := `(empty) cost 0
Place cost 1
nil noplan
false <string>:9: goap: Mixed:New: effects: "wood" is both a named key and a list entry; the order between them is not kept by a Lua table: write every effect on "wood" as a list entry, in order
2 2`
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}
