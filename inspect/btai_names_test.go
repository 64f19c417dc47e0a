package inspect

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
)

// A BTAI node that runs a script's function is named by the script: by
// the name argument when given, else by the name the call passes the
// function as (a local, a global, a field, a method); an anonymous
// function's node keeps its kind.
func TestBTAINodesNamedByScript(t *testing.T) {
	h, err := host.New(host.Options{Stdout: io.Discard, BTAIGlobals: true})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := filepath.Join(t.TempDir(), "named.lua")
	if err := os.WriteFile(path, []byte(`
		local function IsHungry() return true end
		function Eat() end
		local ai = {}
		function ai.Rest() end
		function ai:Looking() return false end
		local root = BT.Root()
		root:OpenBranch(
			BT.Sequence():OpenBranch(BT.Condition(IsHungry), BT:Call(Eat)),
			BT.While(ai.Looking):OpenBranch(BT.Call(ai.Rest)),
			BT:If(function() return true end, "Bored"):OpenBranch(BT.Call(function() end, "Wave")),
			BT.Call(function() end),
			BT.RunCoroutine(ai.Rest, "Nap")
		)
		local tree = BTBehaviorTree:New()
		tree.name = "named"
		tree:SetStartTask(root)
		return tree`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	in := Attach(h)
	in.WatchAgents(1)
	tick(t, h, 1)
	in.mu.Lock()
	v, _ := in.model.Agent(1)
	in.mu.Unlock()
	var got []string
	for i, n := range v.Nodes {
		got = append(got, v.Path(i)+" ("+n.Kind+")")
	}
	want := []string{
		"BT.Root (BTAction)",
		"BT.Root/Sequence[1] (btai.Sequence)",
		"BT.Root/Sequence[1]/IsHungry[1] (btai.Condition)",
		"BT.Root/Sequence[1]/Eat[2] (btai.Action)",
		"BT.Root/Looking[2] (btai.While)",
		"BT.Root/Looking[2]/Rest[1] (btai.Action)",
		"BT.Root/Bored[3] (btai.ConditionalBranch)",
		"BT.Root/Bored[3]/Wave[1] (btai.Action)",
		"BT.Root/Action[4] (btai.Action)",
		"BT.Root/Nap[5] (btai.Action)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("nodes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A name argument that is not a string is refused with the builder's
// usage.
func TestBTAINameArgument(t *testing.T) {
	h, err := host.New(host.Options{Stdout: io.Discard, BTAIGlobals: true})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := filepath.Join(t.TempDir(), "bad.lua")
	if err := os.WriteFile(path, []byte(`return BT.Call(function() end, 3)`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = h.LoadFile(path)
	want := "bad.lua:1: BT.Call(fn, name?): name must be a string, got 3"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want one containing %q", err, want)
	}
}
