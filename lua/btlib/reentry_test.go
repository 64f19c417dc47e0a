package btlib

import (
	"testing"
)

// A tick may not re-enter a tree or a task that is ticking: a leaf of
// tree A ticking tree B whose leaf ticks A, and a child ticking its
// parent or its tree's root (with Tick or OnUpdate), each fail the tick
// with an error naming the task, never re-entering a running OnUpdate.
func TestReentryRefused(t *testing.T) {
	for _, c := range []struct{ name, script, want string }{
		{"tree A via tree B", `
B = BTBehaviorTree:New()
B.name = "B"
local A = BTBehaviorTree:New()
A.name = "A"
B:SetStartTask(BTActionUniversal:New(nil, function() return A:Tick(0.1) end))
A:SetStartTask(BTActionUniversal:New(nil, function() return B:Tick(0.1) end))
return A
`, `test.lua:6: Tick: behavior tree A is ticking already (a task ticked a tree whose tick is under way) (tree A, task BTActionUniversal)`},
		{"child ticks parent", `
Child = BTAction:New()
function Child:OnUpdate() return self:GetParent():Tick() end
local seq = BTSequence:New()
seq:AddChild(Child:New())
return seq
`, `test.lua:3: Tick: BTSequence is ticking already; a task may not tick itself or its ancestors (task BTSequence/Child[1])`},
		{"child calls the root's OnUpdate", `
Child = BTAction:New()
function Child:OnUpdate() return self:GetParent():GetParent():OnUpdate() end
local root = BTSelector:New()
local seq = BTSequence:New()
seq:AddChild(Child:New())
root:AddChild(seq)
return root
`, `test.lua:3: OnUpdate: BTSelector is ticking already; a task may not tick itself or its ancestors (task BTSelector/BTSequence[1]/Child[1])`},
	} {
		t.Run(c.name, func(t *testing.T) {
			lib, L, _ := testLib(t)
			tr := treeOf(t, lib, L, c.script)
			_, err := lib.TickTree(tr, 0.1)
			if err == nil || err.Error() != c.want {
				t.Fatalf("error\n%v\nwant\n%s", err, c.want)
			}
		})
	}
}
