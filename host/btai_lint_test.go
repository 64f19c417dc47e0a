package host

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A BTAI tree that cannot end, and a BT.Terminate that a BT.If keeps from
// stopping the tree, are warned of through the Logger when the script is
// loaded, once per script however many agents it makes.
func TestBTAILintWarnsAtLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "guard.lua")
	src := `local root = BT.Root()
root:OpenBranch(
    BT.If(function() return true end):OpenBranch(BT.Call(function() end), BT.Terminate()),
    BT.Wait(1)
)
local seq = BTSequence:New()
local inner = BT.Root()
inner:OpenBranch(BT.While(function() return true end):OpenBranch(BT.Terminate()))
seq:AddChild(inner)
return { root, seq }
`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	h, err := New(Options{Stdout: &bytes.Buffer{}, Logger: lineLogger(&log), BTAIGlobals: true})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	for range 2 {
		if _, err := h.LoadFile(path); err != nil {
			t.Fatal(err)
		}
	}
	want := `btlua: guard.lua:3: BT.Terminate never stops the tree: the BT.If at guard.lua:3 above it takes its Abort for Success (as BT.While and BT.Repeat do); to stop when a test holds, use BT.Sequence():OpenBranch(BT.Condition(test), BT.Terminate())
btlua: guard.lua:1: BT.Root never ends: no BT.Terminate reaches it through Sequences and Selectors alone (a BTAI root loops for ever); it runs until the host stops it, or a function calls root:Terminate()
btlua: guard.lua:8: BT.Terminate never stops the tree: the BT.While at guard.lua:8 above it takes its Abort for Success (as BT.If and BT.Repeat do); to stop when a test holds, use BT.Sequence():OpenBranch(BT.Condition(test), BT.Terminate())
`
	if got := strings.ReplaceAll(log.String(), dir+string(filepath.Separator), ""); got != want {
		t.Errorf("log:\n%s\nwant\n%s", got, want)
	}
}
