package goaplib

import (
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/goap"
	lua "github.com/yuin/gopher-lua"
)

// The 30-action domain written in Lua plans exactly as in Go.
func TestCrafting30FromLua(t *testing.T) {
	L, _ := openLib(t)
	got := run(t, L, `
		local start, goal, actions = dofile("testdata/crafting30.lua")
		local plan, info = require("goap").Planner:New():Plan(start, goal, actions)
		local names = {}
		for i, a in ipairs(plan) do names[i] = a.name end
		return table.concat(names, " "), info.cost`)
	if got[0].String() != craftingPlan || got[1].String() != "19" {
		t.Fatalf("plan %v cost %v", got[0], got[1])
	}
}

// ActionOf gives Go the action behind a Lua table, with its Lua hooks as
// its Behavior; TableOf maps it back.
func TestActionOfFromGo(t *testing.T) {
	L, lib := openLib(t)
	v := run(t, L, `
		local a = require("goap").Action:New{name = "Cook", cost = 2, pre = {{"heat", ">", 1}}, effects = {food = true}}
		function a:Perform(agent) self.by = agent; return true end
		return a`)[0]
	a, err := lib.ActionOf(v)
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != "Cook" || a.Cost != 2 || len(a.Preconditions) != 1 || a.Preconditions[0].String() != "heat > 1" ||
		len(a.Effects) != 1 || a.Effects[0].String() != "food = true" {
		t.Fatalf("action %+v", a)
	}
	if !a.Perform(lua.LString("chef")) || !a.IsDone() {
		t.Fatal("Perform/IsDone")
	}
	if TableOf(a) != v || lua.LVAsString(L.GetField(v, "by")) != "chef" {
		t.Fatal("TableOf or the hook's agent argument")
	}
	if TableOf(goap.NewAction("go", 1)) != nil {
		t.Fatal("TableOf of a Go action")
	}
	if _, err := lib.ActionOf(lua.LNumber(3)); err == nil || !strings.Contains(err.Error(), "3 (a number)") {
		t.Fatalf("ActionOf(3): %v", err)
	}
}

// Conditions and effects added on a class are inherited by instances made
// with the seed's pattern; an instance's own additions stay its own.
func TestInheritedConditions(t *testing.T) {
	L, _ := openLib(t)
	got := run(t, L, `
		local goap = require("goap")
		Chop = goap.Action:New()
		Chop.name = "Chop"
		Chop:AddPrecondition("hasAxe", true)
		Chop:AddEffect("wood", "+", 1)
		function Chop:New() local o = {}; setmetatable(o, self); self.__index = self; return o end
		local a, b = Chop:New(), Chop:New()
		b:AddPrecondition("rested", true)
		return #a:GetPreconditions(), #b:GetPreconditions(), #Chop:GetPreconditions(), #a:GetEffects()`)
	if got[0].String() != "1" || got[1].String() != "2" || got[2].String() != "1" || got[3].String() != "1" {
		t.Fatalf("counts %v", got)
	}
}

// Hook lookups are cached: a hook a script replaces is used from the next
// call; one Go code writes raw into the class, after Invalidate.
func TestInvalidate(t *testing.T) {
	L, lib := openLib(t)
	v := run(t, L, `
		A = require("goap").Action:New{name = "A"}
		function A:IsDone() return false end
		return A`)[0]
	a, _ := lib.ActionOf(v)
	if a.IsDone() {
		t.Fatal("IsDone")
	}
	run(t, L, `function A:IsDone() return true end`)
	if !a.IsDone() {
		t.Fatal("the hook the script replaced should be used at once")
	}
	no := run(t, L, `return function() return false end`)[0]
	v.(*lua.LTable).RawSetString("IsDone", no)
	if !a.IsDone() {
		t.Fatal("the cached hook should still be used before Invalidate")
	}
	lib.Invalidate()
	if a.IsDone() {
		t.Fatal("the new hook should be used after Invalidate")
	}
}

// The base class and non-actions are refused; the error names the value.
func TestActionOfRefuses(t *testing.T) {
	L, lib := openLib(t)
	base := run(t, L, `return require("goap").Action, {}`)
	if _, err := lib.ActionOf(base[0]); err == nil || !strings.Contains(err.Error(), "base class") {
		t.Fatalf("base class: %v", err)
	}
	if _, err := lib.ActionOf(base[1]); err == nil || !strings.Contains(err.Error(), "no goap.Action") {
		t.Fatalf("plain table: %v", err)
	}
}

// Without a behavior-tree library there is no agent task; the rest works.
func TestOpenWithoutBT(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	lib, err := Open(L, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := run(t, L, `
		local goap = require("goap")
		local a = goap.Action:New{name = "A", effects = {x = true}}
		local plan, info = goap.Planner:New():Plan({}, {x = true}, {a})
		return #plan, info.cost, BTGoapAgentTask == nil`)
	if got[0].String() != "1" || got[1].String() != "1" || got[2] != lua.LTrue {
		t.Fatalf("got %v", got)
	}
	if _, err := lib.AgentTask(lua.LNil); err == nil {
		t.Fatal("AgentTask without bt: no error")
	}
}

// A task ended early (its parallel sibling fails) drops the plan under way.
func TestAgentTaskOnEndDropsPlan(t *testing.T) {
	L, lib := openLib(t)
	got := run(t, L, `
		local goap = require("goap")
		local dig = goap.Action:New{name = "Dig", effects = {hole = true}}
		function dig:IsDone() return false end -- digs forever
		local p = {}
		function p:GetWorldState() return {hole = false} end
		function p:CreateGoalState() return {hole = true} end
		local agent = goap.Agent:New(p, {dig})
		Quit = BTAction:New()
		function Quit:New() local o = {}; setmetatable(o, self); self.__index = self; return o end
		function Quit:OnStart() self.n = 0 end
		function Quit:OnUpdate()
			self.n = self.n + 1
			if self.n == 3 then return BTTaskStatus.Failure end
			return BTTaskStatus.Running
		end
		local par = BTParallel:New()
		par:AddChild(BTGoapAgentTask:New(agent))
		par:AddChild(Quit:New())
		local tree = BTBehaviorTree:New()
		tree:SetStartTask(par)
		return tree, agent`)
	tr, err := lib.BT.TreeOf(got[0])
	if err != nil {
		t.Fatal(err)
	}
	ag, _ := lib.Agent(got[1])
	var states []string
	for range 3 {
		if _, err := lib.BT.TickTree(tr, 1.0/60); err != nil {
			t.Fatal(err)
		}
		states = append(states, ag.StateName())
	}
	if strings.Join(states, " ") != "PerformAction PerformAction Idle" || ag.CurrentAction() != nil || ag.Goal() != nil {
		t.Fatalf("states %v, current %v, goal %v", states, ag.CurrentAction(), ag.Goal())
	}
}
