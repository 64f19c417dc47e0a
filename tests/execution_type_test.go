package tests

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/btlua/btlua/host"
	"github.com/btlua/btlua/stdlib/bt"
)

// A host whose trees default to the Count execution type leaves BTAI's
// Repeat to BTAI's rule: one pass of Repeat(3) over a Call per tick, while
// a BTRepeater(3) in the same host runs its child 3 times in tick 1.
func TestExecutionTypeLeavesBTAIRepeat(t *testing.T) {
	path := filepath.Join(t.TempDir(), "repeat.lua")
	src := `local root = BT.Root()
root:OpenBranch(BT.Repeat(3):OpenBranch(BT.Call(function() print("btai") end)))
local rep = BTRepeater:New(3)
rep:AddChild(BTLog:New("bt"))
return { root, rep }`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	h, err := host.New(host.Options{Stdout: &out, ExecutionType: bt.Count, BTAIGlobals: true})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	for tick, want := range []string{"btai\nbt\nbt\nbt\n", "btai\n", "btai\n"} {
		out.Reset()
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
		if out.String() != want {
			t.Fatalf("tick %d: output %q, want %q", tick+1, out.String(), want)
		}
	}
}
