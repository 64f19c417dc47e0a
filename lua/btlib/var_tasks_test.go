package btlib

import (
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// The declarative preconditions and tasks from Lua, tick by tick: every
// operator, AddConditionNot, BTCompare, BTSetVariable and BTIncrement,
// with variables set from Lua (GetVariable and SetVariable read the same
// slots as the Go tasks).
func TestVarTasksFromLua(t *testing.T) {
	lib, L, out := testLib(t)
	tr := treeOf(t, lib, L, `
Say = BTAction:New()
function Say:New(word) local o = {} setmetatable(o, self) self.__index = self o.word = word return o end
function Say:OnUpdate() print(self:GetTickCount(), self.word, self:GetVariable("count")) return BTTaskStatus.Success end
local function branch(word, ...)
    local s = BTSequence:New()
    s.name = word
    local conds = {...}
    for i = 1, #conds do
        local c = conds[i]
        if c[1] == "not" then s:AddConditionNot(c[2], c[3], c[4]) else s:AddCondition(c[1], c[2], c[3]) end
    end
    s:AddChild(Say:New(word))
    local d = BTReturnSuccess:New()
    d:AddChild(s)
    return d
end
local all = BTParallel:New()
all:AddChild(branch("lt", {"hp", "<", 30}))
all:AddChild(branch("le", {"hp", "<=", 30}))
all:AddChild(branch("gt", {"hp", ">", 30}))
all:AddChild(branch("ge", {"hp", ">=", 30}))
all:AddChild(branch("eq", {"hp", "==", 30}))
all:AddChild(branch("ne", {"hp", "~=", 30}))
all:AddChild(branch("ne2", {"hp", "!=", 30}))
all:AddChild(branch("not-lt", {"not", "hp", "<", 30}))
all:AddChild(branch("seen", {"visible"}))
all:AddChild(branch("unseen", {"not", "visible"}))
all:AddChild(branch("orc", {"kind", "==", "orc"}))
all:AddChild(branch("vis-eq", {"visible", "==", true}))
local cmp = BTSequence:New()
cmp:AddChild(BTCompare:New("hp", ">=", 100))
cmp:AddChild(Say:New("cmp"))
local cmpd = BTReturnSuccess:New()
cmpd:AddChild(cmp)
all:AddChild(cmpd)
local count = BTSequence:New()
count:AddChild(BTIncrement:New("count", 2))
count:AddChild(BTSetVariable:New("kind", "elf"))
all:AddChild(count)
local root = BTSequence:New()
local init = BTAction:New()
function init:OnUpdate()
    if self:GetTickCount() == 1 then
        self:SetVariable("hp", 29) self:SetVariable("visible", true) self:SetVariable("kind", "orc") self:SetVariable("count", 0)
    elseif self:GetTickCount() == 2 then
        self:SetVariable("hp", 30) self:SetVariable("visible", false)
    else
        self:SetVariable("hp", 100)
    end
    return BTTaskStatus.Success
end
root:AddChild(init)
root:AddChild(all)
local tree = BTBehaviorTree:New()
tree:SetStartTask(root)
tree:SetRestartWhenComplete(true)
return tree
`)
	for i := 0; i < 3; i++ {
		if _, err := lib.TickTree(tr, 1); err != nil {
			t.Fatal(err)
		}
	}
	want := `1	lt	0
1	le	0
1	ne	0
1	ne2	0
1	seen	0
1	orc	0
1	vis-eq	0
2	le	2
2	ge	2
2	eq	2
2	not-lt	2
2	unseen	2
3	gt	4
3	ge	4
3	ne	4
3	ne2	4
3	not-lt	4
3	unseen	4
3	cmp	4
`
	if got := out.String(); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if v, _ := tr.BT.Blackboard.Get("count"); v != 6.0 {
		t.Fatalf("count = %#v", v)
	}
}

// A missing variable or one of the wrong type stops the tree with an
// error naming the file, the task and the variable.
func TestVarTaskErrorsFromLua(t *testing.T) {
	cases := []struct{ script, want string }{
		{`local s = BTSequence:New() s.name = "Attack"
s:AddCondition("health", "<", 30) s:AddChild(BTIdle:New())
local tree = BTBehaviorTree:New() tree:SetStartTask(s) return tree`,
			`Attack: health < 30: variable "health" is not set`},
		{`local s = BTSequence:New() s.name = "Attack"
s:AddConditionNot("health", "<", 30) s:AddChild(BTIdle:New())
local tree = BTBehaviorTree:New() tree:SetStartTask(s) tree:SetVariable("health", "full") return tree`,
			`Attack: not (health < 30): variable "health" is a string ("full"), want a number`},
		{`local c = BTCompare:New("alert", "==", true) c.name = "IsAlert"
local tree = BTBehaviorTree:New() tree:SetStartTask(c) tree:SetVariable("alert", 1) return tree`,
			`test.lua:1: bt: IsAlert: alert == true: variable "alert" is a number (1), want a boolean`},
		{`local c = BTIncrement:New("n") c.name = "Count"
local tree = BTBehaviorTree:New() tree:SetStartTask(c) return tree`,
			`test.lua:1: bt: Count: increment by 1: variable "n" is not set`},
	}
	for _, c := range cases {
		lib, L, _ := testLib(t)
		tr := treeOf(t, lib, L, c.script)
		_, err := lib.TickTree(tr, 1)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "Go panic") {
			t.Errorf("error %v\nwant a script error containing %s", err, c.want)
		}
	}
	// Bad arguments are construction errors at the line that made them.
	for script, want := range map[string]string{
		`BTSequence:New():AddCondition("hp", "=<", 3)`:      `AddCondition: hp: unknown comparison "=<"`,
		`BTSequence:New():AddCondition("hp", "<", "three")`: `hp <: want a number to compare with, got a string ("three")`,
		`BTSequence:New():AddConditionNot("hp", "<")`:       `hp <: the value to compare with is missing`,
		`BTCompare:New(3)`: `the variable name must be a non-empty string, got 3`,
	} {
		_, L, _ := testLib(t)
		err := L.DoString(script)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v\nwant it to contain %s", script, err, want)
		}
	}
}

// A tick of a tree with declarative preconditions and Go tasks reading
// variables set from Lua allocates nothing.
func TestVarTasksNoAlloc(t *testing.T) {
	lib, L, _ := testLib(t)
	tr := treeOf(t, lib, L, `
local s = BTSequence:New()
s:AddCondition("visible") s:AddCondition("hp", ">=", 30) s:AddConditionNot("hp", ">", 1e9)
s:AddChild(BTCompare:New("hp", "<", 1e9))
s:AddChild(BTIncrement:New("n", 1))
local tree = BTBehaviorTree:New() tree:SetStartTask(s) tree:SetRestartWhenComplete(true)
tree:SetVariable("visible", true) tree:SetVariable("hp", 50) tree:SetVariable("n", 0)
return tree`)
	allocs := testing.AllocsPerRun(100, func() {
		if s, err := lib.TickTree(tr, 1); err != nil || s != bt.Success {
			t.Fatal(s, err)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per tick", allocs)
	}
}
