package tests

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/btlua/btlua/host"
)

// varScript is a tree of declarative Go tasks and a Lua leaf: the Go
// precondition and BTIncrement read and write the variables through their
// slots, the Lua leaf reads the same variable by name. extra adds a child
// (a structure change).
func varScript(word, extra string) string {
	return `
Say = BTAction:New()
function Say:OnUpdate() print("` + word + ` " .. self:GetVariable("n")) return BTTaskStatus.Success end
local s = BTSequence:New()
s:AddCondition("hp", ">=", 10)
s:AddChild(BTIncrement:New("n", 1))
s:AddChild(Say:New())
` + extra + `
local tree = BTBehaviorTree:New()
tree:SetStartTask(s)
tree:SetRestartWhenComplete(true)
tree:SetVariable("hp", 50)
tree:SetVariable("n", 0)
return tree
`
}

// Variables resolved to slots keep working across hot reloads: a
// class-level reload keeps the tree and its slots; a structure-level one
// builds a new tree whose Go tasks resolve their slots in the new
// blackboard, which holds the carried values.
func TestVarSlotsSurviveReload(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "main.lua")
	if err := os.WriteFile(path, []byte(varScript("v1", "")), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	h, err := host.New(host.Options{Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	tick := func() string {
		t.Helper()
		out.Reset()
		if err := h.Tick(1.0 / 60); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	reload := func(text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := h.Reload(path); err != nil {
			t.Fatal(err)
		}
	}
	if got := tick() + tick(); got != "v1 1\nv1 2\n" {
		t.Fatalf("before reload: %q", got)
	}
	reload(varScript("v2", "")) // class-level: the same tree
	if got := tick(); got != "v2 3\n" {
		t.Fatalf("after the class-level reload: %q", got)
	}
	reload(varScript("v3", `s:AddChild(BTSetVariable:New("done", true))`)) // structure-level
	if got := tick() + tick(); got != "v3 4\nv3 5\n" {
		t.Fatalf("after the structure-level reload: %q", got)
	}
	a := h.Agents()[0]
	if v, err := a.GetFloat("n"); err != nil || v != 5 {
		t.Fatalf("n = %v (%v)", v, err)
	}
	if v, err := a.GetBool("done"); err != nil || !v {
		t.Fatalf("done not set by the new tree: %v (%v)", v, err)
	}
	// The Go precondition reads the new tree's slot: hp set from Go stops it.
	a.Set("hp", 5.0)
	if got := tick(); got != "" {
		t.Fatalf("with hp 5: %q", got)
	}
}
