package btlib

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// writeFiles writes name -> text into a new folder and returns it.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// loadTree runs the file and returns the tree it returns, or the error.
func loadTree(lib *Lib, L *lua.LState, file string) (*Tree, error) {
	fn, err := L.LoadFile(file)
	if err != nil {
		return nil, err
	}
	ret, err := call1(L, fn)
	if err != nil {
		return nil, err
	}
	return lib.TreeOf(ret)
}

const fleeLua = `
local Run = BTAction:New()
function Run:OnUpdate()
  print(self:GetVariable("target"), self:GetVariable("speed"))
  self:SetVariable("speed", self:GetVariable("speed") + 1)
  return BTTaskStatus.Success
end
local tree = BTBehaviorTree:New()
tree:SetStartTask(Run:New())
return tree
`

func TestReferenceVariablesLua(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"flee.lua": fleeLua,
		"guard.lua": `
local bt = require("bt")
local tree = BTBehaviorTree:New()
local seq = BTSequence:New()
seq:AddChild(BTBehaviorTreeReference:New("flee.lua", { speed = 3 }))
seq:AddChild(bt.BehaviorTreeReference:New("flee.lua", { target = bt.Variable("enemy") }))
seq:AddChild(BTBehaviorTreeReference:New("flee.lua"))
tree:SetStartTask(seq)
tree:SetVariable("speed", 10)
tree:SetVariable("target", "player")
tree:SetVariable("enemy", "orc")
return tree
`})
	lib, L, out := testLib(t)
	tr, err := loadTree(lib, L, filepath.Join(dir, "guard.lua"))
	if err != nil {
		t.Fatal(err)
	}
	if s, err := lib.TickTree(tr, 1); err != nil || s != bt.Success {
		t.Fatalf("tick: %v %v", s, err)
	}
	want := "player\t3\norc\t10\nplayer\t11\n"
	if out.String() != want {
		t.Fatalf("output %q, want %q", out.String(), want)
	}
	if v, _ := tr.BT.Blackboard.Get("speed"); v != lua.LNumber(12) {
		t.Fatalf("parent speed %v, want 12", v)
	}
	ref := tr.Root().(ParentTaskLike).Children()[0]
	if got := bt.Path(ref.(bt.ParentTask).Children()[0]); got != "BTSequence/BTBehaviorTreeReference[1]@flee.lua/BTAction[1]" {
		t.Fatalf("path %q", got)
	}
}

// ParentTaskLike is bt.ParentTask, for the test's type assertions.
type ParentTaskLike = bt.ParentTask

func TestReferenceFactoryLua(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"lib/patrol.lua": `
local made = 0
return function(vars)
  made = made + 1
  return BTLog:New("patrol " .. made .. " at " .. tostring(vars.speed))
end
`,
		"main.lua": `
local s = BTSequence:New()
s:AddChild(BTBehaviorTreeReference:New("lib/patrol.lua", { speed = 2 }))
s:AddChild(BTBehaviorTreeReference:New("lib/patrol.lua", { speed = 5 }))
return s
`})
	lib, L, out := testLib(t)
	tr, err := loadTree(lib, L, filepath.Join(dir, "main.lua"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lib.TickTree(tr, 1); err != nil {
		t.Fatal(err)
	}
	if want := "patrol 1 at 2\npatrol 2 at 5\n"; out.String() != want {
		t.Fatalf("output %q, want %q", out.String(), want)
	}
}

func TestReferenceErrorsLua(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a.lua":      `return BTBehaviorTreeReference:New("b.lua")`,
		"b.lua":      `local s = BTSequence:New()` + "\n" + `s:AddChild(BTBehaviorTreeReference:New("a.lua"))` + "\nreturn s",
		"none.lua":   `local x = 1`,
		"miss.lua":   "\n\nreturn BTBehaviorTreeReference:New(\"nowhere.lua\")",
		"empty.lua":  "\nreturn BTBehaviorTreeReference:New(\"none.lua\")",
		"bad.lua":    "\nreturn BTBehaviorTreeReference:New(\"syntax.lua\")",
		"syntax.lua": "local t = BTSequence:New(\n\nreturn t",
		"vars.lua":   "return BTBehaviorTreeReference:New(\"none.lua\", 5)",
	})
	for file, want := range map[string][]string{
		"a.lua":     {"a.lua:1: BTBehaviorTreeReference:New: ", "b.lua:2: BTBehaviorTreeReference:New: reference cycle: ", "a.lua -> ", "b.lua -> ", "a.lua"},
		"miss.lua":  {"miss.lua:3: BTBehaviorTreeReference:New: ", "nowhere.lua"},
		"empty.lua": {"empty.lua:2: BTBehaviorTreeReference:New: ", "none.lua returned nothing; want a behavior tree, a task, or a factory function returning one"},
		"bad.lua":   {"bad.lua:2: BTBehaviorTreeReference:New: ", "syntax.lua"},
		"vars.lua":  {"vars.lua:1: BTBehaviorTreeReference:New: variables must be a table, got 5"},
	} {
		lib, L, _ := testLib(t)
		_, err := loadTree(lib, L, filepath.Join(dir, file))
		if err == nil {
			t.Fatalf("%s: loaded, want an error", file)
		}
		for _, w := range want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q\nwant it to contain %q", file, err, w)
			}
		}
	}
}

func TestReferenceSetTreeLua(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"flee.lua": fleeLua,
		"main.lua": `
local Count = BTAction:New()
function Count:OnStart() print("start " .. self.word) end
function Count:OnEnd() print("end " .. self.word) end
function Count:OnUpdate() return BTTaskStatus.Running end
local c = Count:New()
c.word = "old"
REF = BTBehaviorTreeReference:New("flee.lua")
REF:SetTree(c)
NEXT = Count:New()
NEXT.word = "new"
return REF
`})
	lib, L, out := testLib(t)
	tr, err := loadTree(lib, L, filepath.Join(dir, "main.lua"))
	if err != nil {
		t.Fatal(err)
	}
	lib.TickTree(tr, 1)
	if err := L.DoString(`REF:SetTree(NEXT)`); err != nil {
		t.Fatal(err)
	}
	lib.TickTree(tr, 1)
	if want := "start old\nend old\nstart new\n"; out.String() != want {
		t.Fatalf("output %q, want %q", out.String(), want)
	}
	err = L.DoString(`REF:SetTree(5)`)
	if err == nil || !strings.Contains(err.Error(), "SetTree: want a behavior tree or a task, got 5") {
		t.Fatalf("SetTree(5) = %v", err)
	}
}
