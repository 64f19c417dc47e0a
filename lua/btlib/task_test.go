package btlib

import (
	"bytes"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// A task's Lua methods are looked up once and cached: a method a script
// replaces in the class is used from the next call (the write drops the
// cache, as in Lua); one Go code writes raw into the class table, from the
// next tick after Invalidate (what hot reload does), not before.
func TestMethodCacheInvalidate(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	var out bytes.Buffer
	lib, err := Open(L, Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	if err := L.DoString(`
Talker = BTAction:New()
function Talker:OnUpdate() print("old") return BTTaskStatus.Running end
tree = BTBehaviorTree:New()
tree:SetStartTask(Talker:New())
`); err != nil {
		t.Fatal(err)
	}
	L.SetGlobal("print", L.NewFunction(func(L *lua.LState) int {
		out.WriteString(L.CheckString(1) + "\n")
		return 0
	}))
	tr, err := lib.TreeOf(L.GetGlobal("tree"))
	if err != nil {
		t.Fatal(err)
	}
	tick := func() string {
		out.Reset()
		if _, err := lib.TickTree(tr, 0.1); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	if got := tick(); got != "old\n" {
		t.Fatalf("first tick: %q", got)
	}
	if err := L.DoString(`function Talker:OnUpdate() print("new") return BTTaskStatus.Running end`); err != nil {
		t.Fatal(err)
	}
	if got := tick(); got != "new\n" {
		t.Errorf("after the script's write: %q, want the new method", got)
	}
	if err := L.DoString(`function Newer() print("newer") return BTTaskStatus.Running end`); err != nil {
		t.Fatal(err)
	}
	L.GetGlobal("Talker").(*lua.LTable).RawSetString("OnUpdate", L.GetGlobal("Newer"))
	if got := tick(); got != "new\n" {
		t.Errorf("before Invalidate: %q, want the cached method", got)
	}
	lib.Invalidate()
	if got := tick(); got != "newer\n" {
		t.Errorf("after Invalidate: %q, want the new method", got)
	}
}

// A table made by a script's own New from a built-in's subclass inherits
// the constructor arguments of its prototype (a log message here).
func TestPrototypeArguments(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	var out bytes.Buffer
	lib, err := Open(L, Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	if err := L.DoString(`
Hello = BTLog:New("hello from the prototype")
function Hello:New() local o = {}; setmetatable(o, self); self.__index = self; return o end
inst = Hello:New()
`); err != nil {
		t.Fatal(err)
	}
	tr, err := lib.TreeOf(L.GetGlobal("inst"))
	if err != nil {
		t.Fatal(err)
	}
	if s, err := lib.TickTree(tr, 0.1); err != nil || s.String() != "Success" || out.String() != "hello from the prototype\n" {
		t.Errorf("status %v, err %v, output %q", s, err, out.String())
	}
}
