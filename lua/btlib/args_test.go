package btlib

import (
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// The library's constructors refuse arguments beyond their parameters
// (naming the class, the usage and the extra values) and arguments of the
// wrong type (naming the parameter and the value).
func TestConstructorArgumentsChecked(t *testing.T) {
	cases := []struct{ src, want string }{
		{`BTSequence:New(5)`, `test.lua:1: BTSequence:New: takes no arguments, got 1 (5)`},
		{`BTSequence:New(5, "x", {})`, `test.lua:1: BTSequence:New: takes no arguments, got 3 (5, "x", table)`},
		{`BTSequence:New(nil)`, `test.lua:1: BTSequence:New: takes no arguments, got 1 (nil)`},
		{`BTWait:New(1, 2, 3, 4)`, `test.lua:1: BTWait:New: takes at most 3 arguments, got 4 (extra: 4): BTWait:New(seconds) or BTWait:New(min, max, seed?)`},
		{`BTLog:New("a", "b")`, `test.lua:1: BTLog:New: takes at most 1 argument, got 2 (extra: "b"): BTLog:New(message)`},
		{`BTRepeater:New(3, true, 0.5, math.huge)`, `test.lua:1: BTRepeater:New: takes at most 2 arguments, got 4 (extra: 0.5, math.huge): BTRepeater:New(count?, endOnFailure?)`},
		{`BTRepeater:New(3, "yes")`, `test.lua:1: BTRepeater:New: endOnFailure must be a boolean, got "yes" (a string)`},
		{`BTRepeater:New(3, 1)`, `test.lua:1: BTRepeater:New: endOnFailure must be a boolean, got 1 (a number)`},
		{`BTConditionalEvaluator:New(BTCondition:New(function() return true end), "no")`, `test.lua:1: BTConditionalEvaluator:New: reevaluate must be a boolean, got "no" (a string)`},
		{`BTLog:New(true)`, `test.lua:1: BTLog:New: message must be a string, got true (a boolean)`},
		{`BTLog:New({})`, `test.lua:1: BTLog:New: message must be a string, got a table`},
		// A class a script derives keeps its base's constructor and check.
		{"Stay = BTWait:New(1)\nStay:New(2, 3, 4, 5)", `test.lua:2: BTWait:New: takes at most 3 arguments, got 4 (extra: 5): BTWait:New(seconds) or BTWait:New(min, max, seed?)`},
		{"Act = BTAction:New()\nAct:New(\"x\")", `test.lua:2: BTAction:New: takes no arguments, got 1 ("x")`},
		// Arguments that fit are taken.
		{`BTRepeater:New(3, true)`, ``},
		{`BTRepeater:New(3, nil)`, ``},
		{`BTWait:New(1, 2, 3)`, ``},
		{`BTPerformInterruption:New(BTTaskStatus.Success, BTInterrupt:New(), BTInterrupt:New())`, ``},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			if got := runErr(t, c.src); got != c.want {
				t.Errorf("error %q\nwant  %q", got, c.want)
			}
		})
	}
}

// A script's own New passes its own arguments: the library checks only
// the arguments given to its constructors, and a class's own New that
// calls the base's New with self alone makes a task as usual.
func TestScriptNewTakesItsOwnArguments(t *testing.T) {
	lib, L, out := testLib(t)
	tr := treeOf(t, lib, L, `
Named = BTAction:New()
function Named:New(name, times)
  local o = {}
  setmetatable(o, self)
  self.__index = self
  o.name = name
  o.times = times
  return o
end
function Named:OnUpdate() print(self.name, self.times) return BTTaskStatus.Success end

Based = BTAction:New()
function Based:New(name)
  local o = BTAction.New(self)
  o.name = name
  return o
end
function Based:OnUpdate() print(self.name) return BTTaskStatus.Success end

local tree = BTBehaviorTree:New()
local s = BTSequence:New()
s:AddChild(Named:New("first", 2))
s:AddChild(Based:New("second"))
tree:SetStartTask(s)
return tree
`)
	if s, err := lib.TickTree(tr, 1.0/60); err != nil || s != bt.Success {
		t.Fatalf("tick: %v, %v", s, err)
	}
	if got, want := out.String(), "first\t2\nsecond\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
}

// BTLog takes a number as its message, as print does: its text as Lua
// writes it.
func TestLogNumberMessage(t *testing.T) {
	lib, L, out := testLib(t)
	tr := treeOf(t, lib, L, `
local s = BTSequence:New()
s:AddChild(BTLog:New(5))
s:AddChild(BTLog:New(0.25))
s:AddChild(BTLog:New(-3))
s:AddChild(BTLog:New(1e21))
return s
`)
	if s, err := lib.TickTree(tr, 1.0/60); err != nil || s != bt.Success {
		t.Fatalf("tick: %v, %v", s, err)
	}
	if got, want := out.String(), "5\n0.25\n-3\n1e+21\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
}
