package btlib

import (
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// TestLuaChildrenCacheSeesChanges: the children of a Lua parent class
// (its own childTasks table) are kept between ends of the task and made
// again on each change that can alter them: a child added, removed or
// replaced in the table, another table in the field, an entry that was
// not a task becoming one, a new cache epoch (a reload). The core sees
// each change: the parent's end ends the child added last.
func TestLuaChildrenCacheSeesChanges(t *testing.T) {
	lib, L, out := testLib(t)
	tr := treeOf(t, lib, L, `
Run = BTAction:New()
function Run:New(name) local o = {name = name}; setmetatable(o, self); self.__index = self; return o end
function Run:OnUpdate() return BTTaskStatus.Running end
function Run:OnEnd() print("end " .. self.name) end
LPar = BTComposite:New()
function LPar:New() local o = {childTasks = {}}; setmetatable(o, self); self.__index = self; return o end
function LPar:AddChild(c) table.insert(self.childTasks, c) end
function LPar:OnUpdate()
    for _, c in ipairs(self.childTasks) do if type(c) == "table" and c.Tick then c:Tick() end end
    return BTTaskStatus.Success
end
A, B, C = Run:New("a"), Run:New("b"), Run:New("c")
P = LPar:New()
P:AddChild(A)
local tree = BTBehaviorTree:New()
tree:SetStartTask(P)
tree:SetRestartWhenComplete(true)
return tree
`)
	p, err := lib.taskOf(L.GetGlobal("P"))
	if err != nil {
		t.Fatal(err)
	}
	names := func() string {
		var s []string
		for _, c := range p.Children() {
			s = append(s, bt.DisplayName(c))
		}
		return strings.Join(s, ",")
	}
	step := func(what, script, want, wantEnds string) {
		t.Helper()
		if script != "" {
			if err := L.DoString(script); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
		}
		if got := names(); got != want {
			t.Fatalf("%s: children %q, want %q", what, got, want)
		}
		if got := names(); got != want {
			t.Fatalf("%s: children asked again %q, want %q", what, got, want)
		}
		out.Reset()
		if s, err := lib.TickTree(tr, 1); err != nil || s != bt.Success {
			t.Fatalf("%s: tick %v %v", what, s, err)
		}
		if out.String() != wantEnds {
			t.Fatalf("%s: ends %q, want %q", what, out.String(), wantEnds)
		}
	}
	step("first", "", "a", "end a\n")
	step("added", "P:AddChild(B)", "a,b", "end a\nend b\n")
	step("removed", "table.remove(P.childTasks, 1)", "b", "end b\n")
	step("replaced", "P.childTasks[1] = C", "c", "end c\n")
	step("new table", "P.childTasks = {A, C}", "a,c", "end a\nend c\n")
	step("not a task", "X = {name = 'x'}; P.childTasks[3] = X", "a,c", "end a\nend c\n")
	step("became a task", "setmetatable(X, Run)", "a,c,x", "end a\nend c\nend x\n")
	lib.Invalidate() // a reload
	step("after a reload", "", "a,c,x", "end a\nend c\nend x\n")
}
