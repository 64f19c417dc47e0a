package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/btlua/btlua/host"
)

// btaiScript is a BT.Root with a Sequence (a Condition, then a Wait) and
// a Call.
const btaiScript = `local root = BT.Root()
root.name = "AI"
root:OpenBranch(
	BT.Sequence():OpenBranch(
		BT.Condition(function() return true end),
		BT.Wait(0.15)
	),
	BT.Call(function() end)
)
return root`

func btaiHost(t *testing.T) (*host.Host, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ai.lua")
	if err := os.WriteFile(path, []byte(btaiScript), 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := host.New(host.Options{Stdout: io.Discard, BTAIGlobals: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	return h, path
}

// --trace prints the nodes of a BTAI tree below its BT.Root task, by
// BTAI's states: a node's first Continue, and every end (Success,
// Failure, Abort), each with the state last printed; within a tick, nodes
// in depth-first order (a parent before its children, as for BT tasks,
// though BTAI ends a child before its parent returns).
func TestTraceBTAI(t *testing.T) {
	h, _ := btaiHost(t)
	var out bytes.Buffer
	tr := newTracer(&out)
	for n := 1; n <= 5; n++ {
		tr.before(h, n)
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
		tr.after(h, n)
	}
	want := "tick 1 AI: AI: Inactive -> Running\n" +
		"tick 1 AI: AI/Sequence[1]: Inactive -> Continue\n" +
		"tick 1 AI: AI/Sequence[1]/Condition[1]: Inactive -> Success\n" +
		"tick 2 AI: AI/Sequence[1]/Wait[2]: Inactive -> Continue\n" +
		"tick 4 AI: AI/Sequence[1]: Continue -> Success\n" +
		"tick 4 AI: AI/Sequence[1]/Wait[2]: Continue -> Success\n" +
		"tick 4 AI: AI/Action[2]: Inactive -> Success\n" /* the Call */ +
		"tick 5 AI: AI/Sequence[1]: Success -> Continue\n" +
		"tick 5 AI: AI/Sequence[1]/Condition[1]: Success -> Success\n"
	if out.String() != want {
		t.Errorf("trace:\n%s\nwant:\n%s", out.String(), want)
	}
}

// --dot draws the nodes of a BTAI tree below its BT.Root task (dashed,
// labelled with BTAI's text, type and last state), in the graph named
// after the tree.
func TestDOTBTAI(t *testing.T) {
	h, _ := btaiHost(t)
	var out bytes.Buffer
	writeDOT(h, &out)
	want := `digraph "AI" {
  node [shape=box, style="rounded,filled", fillcolor=white, fontname="Helvetica"];
  n0 [label="AI\n(BTAction)\nInactive"];
  n0_0 [label="Sequence : 0/2\n(btai.Sequence)\nInactive", style="rounded,dashed"];
  n0 -> n0_0;
  n0_1 [label="Condition\n(btai.Condition)\nInactive", style="rounded,dashed"];
  n0_0 -> n0_1;
  n0_2 [label="Wait : 0 / 0.15\n(btai.Wait)\nInactive", style="rounded,dashed"];
  n0_0 -> n0_2;
  n0_3 [label="Action\n(btai.Action)\nInactive", style="rounded,dashed"];
  n0 -> n0_3;
}
`
	if out.String() != want {
		t.Errorf("--dot:\n%s\nwant:\n%s", out.String(), want)
	}
}

// --trace names a BTAI node by the script: its name argument, else the
// name its function is passed under; an anonymous function's node by
// its kind.
func TestTraceBTAINames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "named.lua")
	if err := os.WriteFile(path, []byte(`
local function IsHungry() return true end
local root = BT.Root()
root:OpenBranch(BT.Sequence():OpenBranch(BT.Condition(IsHungry), BT.Call(function() end, "Eat"), BT.Call(function() end), BT.Terminate()))
local tree = BTBehaviorTree:New()
tree.name = "AI"
tree:SetStartTask(root)
return tree`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI("--ticks", "5", "--trace", path)
	want := "tick 1 AI: BT.Root: Inactive -> Running\n" +
		"tick 1 AI: BT.Root/Sequence[1]: Inactive -> Continue\n" +
		"tick 1 AI: BT.Root/Sequence[1]/IsHungry[1]: Inactive -> Success\n" +
		"tick 2 AI: BT.Root/Sequence[1]/Eat[2]: Inactive -> Success\n" +
		"tick 3 AI: BT.Root/Sequence[1]/Action[3]: Inactive -> Success\n" +
		"tick 4 AI: BT.Root: Running -> Failure\n" +
		"tick 4 AI: BT.Root/Sequence[1]: Continue -> Abort\n" +
		"tick 4 AI: BT.Root/Sequence[1]/Terminate[4]: Inactive -> Abort\n"
	if code != exitOK || errOut != want {
		t.Errorf("code %d, trace:\n%s\nwant %d and:\n%s", code, errOut, exitOK, want)
	}
}
