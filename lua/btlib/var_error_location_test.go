package btlib

import "testing"

// A declarative precondition's error carries the file:line of its
// AddCondition call and the composite's task path, like every other tick
// error (file:line: msg (tree T, task PATH)); the variable tasks carry
// their New's line and their own path.
func TestVarErrorLocationAndPath(t *testing.T) {
	const notSet = `is not set (set it before the tree runs: SetVariable, SetGlobalVariable or Blackboard.Set)`
	cases := []struct{ script, want string }{
		{`local s = BTSequence:New() s.name = "Attack"
s:AddCondition("health", "<", 30) s:AddChild(BTIdle:New())
local tree = BTBehaviorTree:New() tree.name = "T" tree:SetStartTask(s) return tree`,
			`test.lua:2: bt: Attack: health < 30: variable "health" ` + notSet + ` (tree T, task Attack)`},
		{`local s = BTSequence:New()
local inner = BTSequence:New()
inner:AddConditionNot("health", "<", 30)
inner:AddChild(BTIdle:New())
s:AddChild(BTSetVariable:New("health", "full"))
s:AddChild(inner)
return s`,
			`test.lua:3: bt: BTSequence/BTSequence[2]: not (health < 30): variable "health" is a string ("full"), want a number (task BTSequence/BTSequence[2])`},
		{`local s = BTSelector:New()
s:AddCondition("hasTarget")
s:AddChild(BTIdle:New())
return s`,
			`test.lua:2: bt: BTSelector: hasTarget: variable "hasTarget" ` + notSet + ` (task BTSelector)`},
		{`local s = BTSequence:New()
s:AddChild(BTSetVariable:New("n", "x"))
s:AddChild(BTIncrement:New("n"))
return s`,
			`test.lua:3: bt: BTSequence/BTIncrement[2]: increment by 1: variable "n" is a string ("x"), want a number (task BTSequence/BTIncrement[2])`},
		{`local s = BTSequence:New()
s:AddChild(BTCompare:New("hp", ">", 3))
return s`,
			`test.lua:2: bt: BTSequence/BTCompare[1]: hp > 3: variable "hp" ` + notSet + ` (task BTSequence/BTCompare[1])`},
	}
	for _, c := range cases {
		lib, L, _ := testLib(t)
		tr := treeOf(t, lib, L, c.script)
		_, err := lib.TickTree(tr, 1)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s\n got %v\nwant %s", c.script, err, c.want)
		}
	}
}
