package inspect

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
)

// A BTAI tree (BT.Root) shows in the inspector with its nodes below the
// root task, like any tree: each node's kind and BTAI text, its parent;
// marked BTAI (no events: the BTAI nodes have no lifecycle of their own).
func TestBTAITreeExpanded(t *testing.T) {
	h, err := host.New(host.Options{Stdout: io.Discard, BTAIGlobals: true})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := filepath.Join(t.TempDir(), "btai.lua")
	if err := os.WriteFile(path, []byte(`
		local root = BT.Root()
		root:OpenBranch(
			BT.Sequence():OpenBranch(
				BT.Condition(function() return true end),
				BT.Wait(2)
			),
			BT.Selector():OpenBranch(BT.Call(function() end))
		)
		local tree = BTBehaviorTree:New()
		tree.name = "btai"
		tree:SetStartTask(root)
		return tree`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	in := Attach(h)
	tick(t, h, 1)
	v, ok := in.model.Agent(1)
	if !ok {
		t.Fatal("no agent 1")
	}
	var got []string
	for _, n := range v.Nodes {
		got = append(got, n.Path+" ("+n.Kind+") "+n.Args+map[bool]string{true: " btai"}[n.BTAI])
	}
	want := []string{
		"BT.Root (BTAction) ",
		"BT.Root/Sequence[0] (btai.Sequence) Sequence : 0/2 btai",
		"BT.Root/Sequence[0]/Condition[0] (btai.Condition)  btai",
		"BT.Root/Sequence[0]/Wait[1] (btai.Wait) Wait : 2 / 2 btai",
		"BT.Root/Selector[1] (btai.Selector) Selector : 0/1 btai",
		"BT.Root/Selector[1]/Action[0] (btai.Action)  btai",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("nodes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A breakpoint on a BTAI node is refused: it would never fire.
	if err := in.command(Command{Cmd: "break", Agent: 1, Node: 1, On: "start"}); err == nil || !strings.Contains(err.Error(), "BTAI") {
		t.Errorf("breakpoint on a BTAI node: %v, want an error naming BTAI", err)
	}
}
