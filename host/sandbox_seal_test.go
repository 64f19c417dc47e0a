package host

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// In the sandbox the library tables (the BT* classes, the bt, goap and
// btai modules, BTTaskStatus and the like) are read-only: a write raises
// a Lua error naming the table and the key, by every way to reach them
// (the global, the module's field, an instance's metatable or __index,
// rawset, setmetatable), and the next script of the state finds the
// library intact.
func TestSandboxLibraryTablesReadOnly(t *testing.T) {
	classMsg := func(class, key string) string {
		return ":1: cannot set " + class + "." + key + ": the " + class + " class is locked by the btlua sandbox (derive a class of your own: local X = " + class + ":New())"
	}
	for _, c := range []struct{ code, want string }{
		{`BTSequence.New = nil`, classMsg("BTSequence", "New")},
		{`function BTAction:OnUpdate() return BTTaskStatus.Failure end`, classMsg("BTAction", "OnUpdate")},
		{`BTLog.__index = nil`, classMsg("BTLog", "__index")},
		{`require("bt").Selector = 5`, ":1: cannot set bt.Selector: the bt library is locked by the btlua sandbox"},
		{`require("bt").Sequence.New = nil`, classMsg("BTSequence", "New")},
		{`require("goap").Planner = nil`, ":1: cannot set goap.Planner: the goap library is locked by the btlua sandbox"},
		{`require("btai").Root = nil`, ":1: cannot set BT.Root: the BT library is locked by the btlua sandbox"}, // the global BT is the module
		{`BT.Root = nil`, ":1: cannot set BT.Root: the BT library is locked by the btlua sandbox"},
		{`BTTaskStatus.Success = BTTaskStatus.Failure`, ":1: cannot set BTTaskStatus.Success: the BTTaskStatus library is locked by the btlua sandbox"},
		{`getmetatable(BTSequence:New()).New = nil`, classMsg("BTSequence", "New")},
		{`getmetatable(BTSequence).AddChild = nil`, classMsg("BTComposite", "AddChild")},
		{`getmetatable(BT.Sequence()).Tick = nil`, ":1: cannot set BT branch.Tick: the BT branch class is locked by the btlua sandbox"},
		{`getmetatable(BT.Root()).OpenBranch = nil`, ":1: cannot set BT.Root.OpenBranch: the BT.Root class is locked by the btlua sandbox (derive a class of your own: local X = BT.Root:New())"},
		{`BTLog:New("x").__index.New = nil`, classMsg("BTLog", "New")},
		{`BTPrecondition:New(function() return true end).__index.New = nil`, classMsg("BTPrecondition", "New")},
		{`rawset(BTSequence, "New", nil)`, ":1: rawset: the BTSequence class is locked by the btlua sandbox (derive a class of your own: local X = BTSequence:New())"},
		{`rawset(require("bt"), "Selector", 5)`, ":1: rawset: the bt library is locked by the btlua sandbox"},
		{`setmetatable(BTSequence, {})`, ":1: setmetatable: the BTSequence class is locked by the btlua sandbox (derive a class of your own: local X = BTSequence:New())"},
	} {
		t.Run(c.code, func(t *testing.T) {
			dir := t.TempDir()
			var out bytes.Buffer
			h, err := New(Options{Stdout: &out, Sandbox: true, BTAIGlobals: true})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			path := filepath.Join(dir, "mod.lua")
			if err := os.WriteFile(path, []byte(c.code+"\nreturn BTLog:New('pwned')\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := h.LoadFile(path); err == nil || err.Error() != path+c.want {
				t.Fatalf("error\n%v\nwant\n%s", err, path+c.want)
			}
			ok := filepath.Join(dir, "ok.lua")
			if err := os.WriteFile(ok, []byte(`local s = require("bt").Sequence:New()
s:AddChild(BTLog:New("ok"))
s:AddChild(BTAction:New())
local t = BTBehaviorTree:New(); t:SetStartTask(s)
return t`), 0o644); err != nil {
				t.Fatal(err)
			}
			agents, err := h.LoadFile(ok)
			if err != nil {
				t.Fatal(err)
			}
			if err := h.Tick(0.1); err != nil {
				t.Fatal(err)
			}
			if out.String() != "ok\n" || agents[0].Status().String() != "Success" {
				t.Errorf("the next script: output %q, status %v; want \"ok\\n\", Success", out.String(), agents[0].Status())
			}
		})
	}
}

// Subclassing the locked classes still works in the sandbox: a class
// made with New, one made with setmetatable and __index (the series'
// style), methods defined on one's own class, and the identities scripts
// compare (a task's metatable is its class, bt.Sequence is BTSequence).
func TestSandboxSubclassesLockedClasses(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub.lua")
	code := `local MyTask = BTAction:New()
function MyTask:OnUpdate() print("my", self.n); return BTTaskStatus.Success end
local Series = {}
setmetatable(Series, {__index = BTAction})
function Series:New()
  local o = {}
  setmetatable(o, self)
  self.__index = self
  return o
end
function Series:OnUpdate() print("series"); return BTTaskStatus.Success end
local Raw = setmetatable({}, BTAction)
local seq = BTSequence:New()
local m = MyTask:New(); m.n = 1
seq:AddChild(m)
seq:AddChild(Series:New())
seq:AddChild(BTLog:New("log"))
print(getmetatable(BTSequence:New()) == BTSequence, require("bt").Sequence == BTSequence,
  getmetatable(BTSequence) == BTComposite, rawget(BTTask, "New") ~= nil, getmetatable(Raw) == BTAction,
  getmetatable(m) == MyTask, require("goap").FSM:New({}):Len())
local t = BTBehaviorTree:New(); t:SetStartTask(seq)
return t`
	if err := os.WriteFile(path, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Sandbox: true})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	agents, err := h.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	if want := "true\ttrue\ttrue\ttrue\ttrue\ttrue\t0\nmy\t1\nseries\nlog\n"; out.String() != want || agents[0].Status().String() != "Success" {
		t.Errorf("output %q, status %v; want %q, Success", out.String(), agents[0].Status(), want)
	}
}

// A locked class given where a task is wanted is refused as outside the
// sandbox, naming the class.
func TestSandboxLockedClassIsNoTask(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cls.lua")
	if err := os.WriteFile(path, []byte("local s = BTSequence:New()\ns:AddChild(BTLog)\nreturn s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := New(Options{Stdout: &bytes.Buffer{}, Sandbox: true})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	_, err = h.LoadFile(path)
	if want := path + ":2: AddChild to BTSequence: want a task, got the class BTLog itself (make a task with BTLog:New())"; err == nil || err.Error() != want {
		t.Errorf("error\n%v\nwant\n%s", err, want)
	}
}
