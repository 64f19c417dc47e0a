package btlib

import (
	"testing"
)

// dispatchScript defines Base (a BTAction subclass with Helper), Sub
// (derived from Base) and Other (another BTAction subclass with its own
// Helper); each OnUpdate prints self:Helper() and stays Running. inst is a
// Sub whose tree is the global tree.
const dispatchScript = `
Base = BTAction:New()
function Base:Helper() return "base" end
function Base:OnUpdate() print(self:Helper()) return BTTaskStatus.Running end
Sub = Base:New()
Other = BTAction:New()
Other.__index = Other
function Other:Helper() return "other" end
function Other:OnUpdate() print("other:" .. self:Helper()) return BTTaskStatus.Running end
inst = Sub:New()
tree = BTBehaviorTree:New()
tree:SetStartTask(inst)
`

// dispatchTick runs dispatchScript and returns a function that runs more
// Lua, ticks the tree once and returns what the tick printed.
func dispatchTick(t *testing.T) func(lua string) string {
	t.Helper()
	lib, L, out := testLib(t)
	if err := L.DoString(dispatchScript); err != nil {
		t.Fatal(err)
	}
	tr, err := lib.TreeOf(L.GetGlobal("tree"))
	if err != nil {
		t.Fatal(err)
	}
	return func(code string) string {
		t.Helper()
		if err := L.DoString(code); err != nil {
			t.Fatal(err)
		}
		out.Reset()
		if s, err := lib.TickTree(tr, 0.1); err != nil || s.String() != "Running" {
			t.Fatalf("tick: status %v, err %v", s, err)
		}
		return out.String()
	}
}

// Method calls from a task's Lua code resolve as Lua does, on every tick:
// an instance's own field shadows the class's method, a method written on
// a class or a base class after the instances exist is seen by them, and
// removing the instance's field uncovers the class's method again.
func TestMethodDispatchFollowsWrites(t *testing.T) {
	tick := dispatchTick(t)
	steps := []struct{ code, want string }{
		{``, "base\n"},
		{`function inst:Helper() return "own" end`, "own\n"},
		{`function Base:Helper() return "base2" end`, "own\n"},
		{`inst.Helper = nil`, "base2\n"},
		{`function Sub:Helper() return "sub" end`, "sub\n"},
		{`Sub.Helper = nil; function Base:Helper() return "base3" end`, "base3\n"},
		{`rawset(inst, "Helper", function() return "raw" end)`, "raw\n"},
	}
	for i, s := range steps {
		if got := tick(s.code); got != s.want {
			t.Errorf("step %d (%s): printed %q, want %q", i, s.code, got, s.want)
		}
	}
}

// A task table moved to another class with setmetatable resolves its
// methods through the new class from the next tick on: the Lua helper it
// calls and the lifecycle hook the tree runs.
func TestMethodDispatchSetmetatable(t *testing.T) {
	tick := dispatchTick(t)
	if got := tick(``); got != "base\n" {
		t.Fatalf("first tick printed %q", got)
	}
	if got := tick(`setmetatable(inst, Other)`); got != "other:other\n" {
		t.Errorf("after setmetatable: printed %q, want %q", got, "other:other\n")
	}
	if got := tick(`setmetatable(inst, Sub)`); got != "base\n" {
		t.Errorf("back to Sub: printed %q, want %q", got, "base\n")
	}
}
