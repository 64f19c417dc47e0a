package btlib

import "testing"

// Method arguments are named, not counted: gopher-lua counts self as
// argument #1 of a method call, so tree:SetVariable(nil, 1) used to say
// "bad argument #2" of the first argument the script passes.
func TestMethodArgumentsNamed(t *testing.T) {
	const setup = "local bt = require(\"bt\")\nlocal tree = BTBehaviorTree:New()\nlocal s = BTSequence:New()\ns:AddChild(BTIdle:New())\ntree:SetStartTask(s)\n"
	cases := []struct{ src, want string }{
		{`tree:SetVariable(nil, 1)`, `test.lua:6: SetVariable: name must be a string, got nil`},
		{`tree:GetVariable({})`, `test.lua:6: GetVariable: name must be a string, got a table`},
		{`s:SetVariable(true, 1)`, `test.lua:6: SetVariable: name must be a string, got true (a boolean)`},
		{`s:GetVariable(nil)`, `test.lua:6: GetVariable: name must be a string, got nil`},
		{`bt.SetGlobalVariable(nil, 1)`, `test.lua:6: SetGlobalVariable: name must be a string, got nil`},
		{`bt.GetGlobalVariable(print)`, `test.lua:6: GetGlobalVariable: name must be a string, got a function`},
		{`s:GetChild("x")`, `test.lua:6: GetChild: index must be an integer, got "x" (a string)`},
		{`s:GetChild(1.5)`, `test.lua:6: GetChild: index must be an integer, got 1.5 (a number)`},
		{`tree:Tick("x")`, `test.lua:6: Tick: dt must be a finite number of seconds >= 0, got "x" (a string)`},
		{`tree:Tick(-1)`, `test.lua:6: Tick: dt must be a finite number of seconds >= 0, got -1`},
		{`tree:SetVariable(0/0, 1)`, `test.lua:6: SetVariable: name must be a string, got NaN (a number)`},
		{`s:GetVariable(math.huge)`, `test.lua:6: GetVariable: name must be a string, got math.huge (a number)`},
		{`tree:SetRestartWhenComplete("yes")`, `test.lua:6: SetRestartWhenComplete: restart must be a boolean, got "yes" (a string)`},
		// Names that fit are taken; a number is its text, as Lua's own
		// string functions take it.
		{`tree:SetVariable("hp", 1) assert(tree:GetVariable("hp") == 1)`, ``},
		{`s:SetVariable(7, "x") assert(s:GetVariable("7") == "x")`, ``},
		{`bt.SetGlobalVariable("g", 2) assert(bt.GetGlobalVariable("g") == 2)`, ``},
		{`assert(s:GetChild(1) ~= nil and s:GetChild(2) == nil)`, ``},
		{`tree:SetRestartWhenComplete(false)`, ``},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			if got := runErr(t, setup+c.src); got != c.want {
				t.Errorf("error %q\nwant  %q", got, c.want)
			}
		})
	}
}
