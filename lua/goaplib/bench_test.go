package goaplib

import (
	"testing"

	"github.com/btlua/btlua/stdlib/goap"
	lua "github.com/yuin/gopher-lua"
)

// Benchmarks. Run from the repo root:
//
//	go test -run '^$' -bench . -benchmem ./lua/goaplib
//
// Plan*Lua call planner:Plan from Lua (a Lua function per op, called with
// PCall); Plan*Go plan the same actions (the *goap.Action behind the Lua
// tables) with the pure Go planner, so the difference is the cost of the
// binding: converting the state, goal and action list, syncing each
// action's fields and building the result list.

// planFromLua returns a Lua function planning the domain once.
func planFromLua(b *testing.B, L *lua.LState, domain string, cost float64) *lua.LFunction {
	return run(b, L, domain+`
		local p = require("goap").Planner:New()
		return function()
			local plan, info = p:Plan(start, goal, actions)
			if info.cost ~= `+lua.LNumber(cost).String()+` then error("cost " .. tostring(info.cost)) end
		end`)[0].(*lua.LFunction)
}

func benchLua(b *testing.B, domain string, cost float64) {
	L, _ := openLib(b)
	fn := planFromLua(b, L, domain, cost)
	b.ReportAllocs()
	for b.Loop() {
		L.Push(fn)
		if err := L.PCall(0, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func benchGo(b *testing.B, domain string, start *goap.WorldState, goal *goap.Goal, cost float64) {
	L, lib := openLib(b)
	list := run(b, L, domain+` return actions`)[0].(*lua.LTable)
	var acts []*goap.Action
	for i := 1; i <= list.Len(); i++ {
		a, err := lib.ActionOf(list.RawGetInt(i))
		if err != nil {
			b.Fatal(err)
		}
		acts = append(acts, a)
	}
	p := &goap.Planner{}
	b.ReportAllocs()
	for b.Loop() {
		plan, err := p.Plan(start, goal, acts)
		if err != nil || plan.Cost != cost {
			b.Fatal(plan, err)
		}
	}
}

const crafting = `start, goal, actions = dofile("testdata/crafting30.lua")`

func craftingStart() *goap.WorldState {
	return goap.NewWorldState().Set("hasAxe", goap.Bool(false)).Set("hasPickaxe", goap.Bool(false)).
		Set("gold", goap.Number(0)).Set("axeBroken", goap.Bool(false))
}

// BenchmarkPlanCrafting30Lua: planner:Plan from Lua on the 30-action
// crafting domain (12-step plan, cost 19).
func BenchmarkPlanCrafting30Lua(b *testing.B) { benchLua(b, crafting, 19) }

// BenchmarkPlanCrafting30Go: the same actions planned from Go.
func BenchmarkPlanCrafting30Go(b *testing.B) {
	benchGo(b, crafting, craftingStart(), goap.NewGoal("", 0, goap.Is("hasSword", goap.Bool(true))), 19)
}

const reuse = `
local goap = require("goap")
start, goal = {money = false, food = false}, {money = true, food = true}
actions = {
	goap.Action:New{name = "MineOre", cost = 10, effects = {money = true}},
	goap.Action:New{name = "BuyFood", cost = 2, pre = {money = true}, effects = {food = true, money = false}},
}`

// BenchmarkPlanReuseLua: the 2-action MineOre/BuyFood plan (3 steps, cost
// 22) from Lua: planning is cheap, so the binding's overhead shows.
func BenchmarkPlanReuseLua(b *testing.B) { benchLua(b, reuse, 22) }

// BenchmarkPlanReuseGo: the same from Go.
func BenchmarkPlanReuseGo(b *testing.B) {
	start := goap.NewWorldState().Set("money", goap.Bool(false)).Set("food", goap.Bool(false))
	goal := goap.NewGoal("", 0, goap.Is("money", goap.Bool(true)), goap.Is("food", goap.Bool(true)))
	benchGo(b, reuse, start, goal, 22)
}

// BenchmarkAgentTickLua: one tick of an agent whose provider and action
// hooks are Lua, executing the crafting plan in a loop (each Perform
// applies the action's effects to the Lua world; ActionsFinished resets
// it), planning rounds included and amortised, as stdlib/goap's
// BenchmarkAgentTick.
func BenchmarkAgentTickLua(b *testing.B) {
	L, _ := openLib(b)
	ag := run(b, L, crafting+`
		local function copy(t) local c = {} for k, v in pairs(t) do c[k] = v end return c end
		local P = {world = copy(start)}
		function P:GetWorldState() return self.world end
		function P:CreateGoalState() return goal end
		function P:ActionsFinished() self.world = copy(start) end
		return require("goap").Agent:New(P, actions, {backoffInitial = -1})`)[0]
	la, _ := agentOf(ag)
	b.ReportAllocs()
	for b.Loop() {
		la.update()
	}
}

// BenchmarkAgentTickLuaPerform: one tick of an agent performing a Lua
// action that never completes: per tick, the target sync, a Lua IsDone and
// a Lua Perform (the hook overhead without planning).
func BenchmarkAgentTickLuaPerform(b *testing.B) {
	L, _ := openLib(b)
	ag := run(b, L, `
		local goap = require("goap")
		local work = goap.Action:New{name = "Work", effects = {done = true}}
		function work:IsDone() return false end
		function work:Perform(agent) self.n = (self.n or 0) + 1; return true end
		local P = {}
		function P:GetWorldState() return {done = false} end
		function P:CreateGoalState() return {done = true} end
		local a = goap.Agent:New(P, {work})
		a:Update() -- plan
		return a`)[0]
	la, _ := agentOf(ag)
	b.ReportAllocs()
	for b.Loop() {
		la.update()
	}
	if la.ag.StateName() != goap.StatePerformAction {
		b.Fatal(la.ag.StateName())
	}
}
