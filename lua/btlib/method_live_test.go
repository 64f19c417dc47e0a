package btlib

import (
	"strings"
	"testing"

	"github.com/btlua/btlua/lua/luaclass"
	lua "github.com/yuin/gopher-lua"
)

// liveTicks runs script (which returns a tree) and ticks it n times
// through TickTrees (a batch: Flatten's copies are in place for a class
// of luaclass.FlatMinTasks tasks or more), returning each tick's output.
func liveTicks(t *testing.T, script string, n int) []string {
	t.Helper()
	lib, L, out := testLib(t)
	L.SetGlobal("MIN", lua.LNumber(luaclass.FlatMinTasks))
	tr := treeOf(t, lib, L, script)
	var ticks []string
	for range n {
		out.Reset()
		if err := lib.TickTrees([]*Tree{tr}, 0.1, nil); err != nil {
			t.Fatal(err)
		}
		if tr.Err != nil {
			t.Fatal(tr.Err)
		}
		ticks = append(ticks, out.String())
	}
	return ticks
}

// checkTicks compares the ticks' outputs with want, one string a tick.
func checkTicks(t *testing.T, got, want []string) {
	t.Helper()
	for i := range want {
		if i >= len(got) || got[i] != want[i] {
			t.Fatalf("tick %d: got %q, want %q (all: %q)", i+1, at(got, i), want[i], got)
		}
	}
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "<none>"
}

// A class's OnUpdate replaced by another task while the tree runs (the
// new user's m2.lua) is called from the next call on, as Lua's
// self:OnUpdate() would: with one task of the class and with MIN tasks of
// it (Flatten's copies in play).
func TestHookReplacedOnClassMidRun(t *testing.T) {
	const script = `
Bad = BTAction:New()
function Bad:OnUpdate() print("old") return BTTaskStatus.Running end
Swapper = BTAction:New()
function Swapper:OnUpdate()
  self.n = (self.n or 0) + 1
  if self.n == 2 then
    print("swap")
    Bad.OnUpdate = function(self) print("new") return BTTaskStatus.Running end
  end
  return BTTaskStatus.Running
end
local p = BTParallel:New(); p:AddChild(Swapper:New())
for i = 1, COUNT do p:AddChild(Bad:New()) end
local t = BTBehaviorTree:New(); t:SetStartTask(p); return t`
	for _, count := range []int{1, luaclass.FlatMinTasks} {
		got := liveTicks(t, strings.Replace(script, "COUNT", itoa(count), 1), 3)
		checkTicks(t, got, []string{
			strings.Repeat("old\n", count),
			"swap\n" + strings.Repeat("new\n", count),
			strings.Repeat("new\n", count),
		})
	}
}

func itoa(n int) string { return lua.LNumber(n).String() }

// An instance's own OnUpdate shadows its class's from the next call, and
// an OnEnd added to the class later runs when the task ends (the new
// user's m5.lua).
func TestHookInstanceOverrideAndAddedLater(t *testing.T) {
	got := liveTicks(t, `
Bad = BTAction:New()
function Bad:OnUpdate()
  self.n = (self.n or 0) + 1
  print("tick " .. self.n)
  if self.n == 1 then Bad.OnEnd = function(s) print("OnEnd added later") end end
  if self.n == 2 then self.OnUpdate = function(s) print("instance override") return BTTaskStatus.Success end end
  return BTTaskStatus.Running
end
local t = BTBehaviorTree:New(); t:SetStartTask(Bad:New()); return t`, 3)
	checkTicks(t, got, []string{"tick 1\n", "tick 2\n", "instance override\nOnEnd added later\n"})
}

// A hook set to nil on the class uncovers the built-in behaviour (a
// BTAction's OnUpdate succeeds), a hook removed from the instance
// uncovers the class's again, and a hook defined on a base class after
// the tasks were built reaches a subclass that does not define it.
func TestHookRemovedAndBaseReplaced(t *testing.T) {
	got := liveTicks(t, `
Base = BTAction:New()
function Base:OnUpdate() print("base") return BTTaskStatus.Running end
Leaf = Base:New()
local step = 0
Driver = BTAction:New()
function Driver:OnUpdate()
  step = step + 1
  if step == 2 then function Base:OnUpdate() print("base2") return BTTaskStatus.Running end end
  if step == 3 then inst.OnUpdate = function() print("own") return BTTaskStatus.Running end end
  if step == 4 then inst.OnUpdate = nil end
  if step == 5 then Base.OnUpdate = nil end
  if step == 6 then function Base:OnStart() print("start") end end
  return BTTaskStatus.Running
end
local p = BTParallel:New(); p:AddChild(Driver:New())
for i = 1, MIN do
  local r = BTRepeater:New(); local l = Leaf:New(); r:AddChild(l); p:AddChild(r)
  if i == 1 then inst = l end
end
local t = BTBehaviorTree:New(); t:SetStartTask(p); return t`, 7)
	n := luaclass.FlatMinTasks
	checkTicks(t, got, []string{
		strings.Repeat("base\n", n),
		strings.Repeat("base2\n", n),
		"own\n" + strings.Repeat("base2\n", n-1),
		strings.Repeat("base2\n", n),
		"", // the built-in OnUpdate: inst succeeds, the repeater starts it again
		strings.Repeat("start\n", n),
		strings.Repeat("start\n", n),
	})
}

// A base-class method (not a hook) replaced while a batch runs reaches
// the instances of a flattened subclass at their next call.
func TestMethodReplacedOnBaseMidBatch(t *testing.T) {
	got := liveTicks(t, `
Base = BTAction:New()
function Base:Hello() return "base" end
Leaf = Base:New()
local calls = 0
function Leaf:OnUpdate()
  calls = calls + 1
  if calls == MIN + 1 then function Base:Hello() return "base2" end end
  if calls == 2 * MIN then function Leaf:Hello() return "leaf" end end
  if self == first then print(self:Hello()) end
  return BTTaskStatus.Running
end
local p = BTParallel:New()
for i = 1, MIN do p:AddChild(Leaf:New()) end
first = p:GetChild(2)
local t = BTBehaviorTree:New(); t:SetStartTask(p); return t`, 3)
	checkTicks(t, got, []string{"base\n", "base2\n", "leaf\n"})
}
