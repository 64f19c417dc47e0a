package btlib

import (
	"path/filepath"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// TestReferenceHooksLua: a reference skips its built-in OnAwake, OnStart,
// OnEnd and OnReset (they do nothing), but a Lua override of them, set
// on the reference itself after its first tick, runs from the next tick
// on, and is dropped again when removed.
func TestReferenceHooksLua(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"flee.lua": `return BTLog:New("flee")`,
		"main.lua": `
REF = BTBehaviorTreeReference:New("flee.lua")
local tree = BTBehaviorTree:New()
tree:SetStartTask(REF)
tree:SetRestartWhenComplete(true)
return tree
`})
	lib, L, out := testLib(t)
	tr, err := loadTree(lib, L, filepath.Join(dir, "main.lua"))
	if err != nil {
		t.Fatal(err)
	}
	tick := func(want string) {
		t.Helper()
		out.Reset()
		if s, err := lib.TickTree(tr, 1); err != nil || s != bt.Success {
			t.Fatalf("tick: %v %v", s, err)
		}
		if out.String() != want {
			t.Fatalf("output %q, want %q", out.String(), want)
		}
	}
	tick("flee\n")
	if err := L.DoString(`
function REF:OnStart() print("ref start") end
function REF:OnEnd() print("ref end") end
function REF:OnReset() print("ref reset") end
`); err != nil {
		t.Fatal(err)
	}
	lib.Invalidate() // hooks are looked up once per cache epoch
	tick("ref start\nflee\nref end\n")
	bt.Reset(tr.Root())
	if out.String() != "ref start\nflee\nref end\nref reset\n" {
		t.Fatalf("after Reset: %q", out.String())
	}
	if err := L.DoString(`REF.OnStart, REF.OnEnd, REF.OnReset = nil, nil, nil`); err != nil {
		t.Fatal(err)
	}
	lib.Invalidate()
	tick("flee\n")
}
