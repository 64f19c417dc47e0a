package btlib

import (
	"testing"
)

// A Lua leaf that no Go parent holds (a series-style composite keeps it in
// a field of its own and calls its OnUpdate) reads the clock and the
// blackboard of the tree being ticked, tick by tick at 60 Hz.
func TestTreeAccessorsOfUnattachedTask(t *testing.T) {
	lib, L, out := testLib(t)
	tr := treeOf(t, lib, L, `
Reader = BTAction:New()
function Reader:OnUpdate()
    self:SetVariable("n", self:GetTickCount())
    print(self:GetTickCount(), self:GetTime() * 60, self:GetVariable("n"), self:GetVariable("v"))
    return BTTaskStatus.Running
end
Holder = BTComposite:New()
function Holder:OnUpdate() return self.kid:OnUpdate() end
local h = Holder:New()
h.kid = Reader:New()
local tree = BTBehaviorTree:New()
tree:SetVariable("v", "seven")
tree:SetStartTask(h)
return tree
`)
	for tick, want := range []string{"1\t1\t1\tseven\n", "2\t2\t2\tseven\n"} {
		out.Reset()
		if s, err := lib.TickTree(tr, 1.0/60); err != nil || s.String() != "Running" {
			t.Fatalf("tick %d: %v %v", tick+1, s, err)
		}
		if out.String() != want {
			t.Errorf("tick %d: output %q, want %q", tick+1, out.String(), want)
		}
	}
}
