package inspect

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
)

// A BTAI tree (BT.Root) shows in the inspector with its nodes below the
// root task, like any tree: each node's kind and BTAI text, its parent,
// marked BTAI; each node's status is the state its last tick returned
// (Continue shows as Running, on the running path), live and in a
// replay alike.
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
	in.WatchAgents(1) // the page's agent, shown from the start
	var plain bytes.Buffer
	rec, err := NewRecorder(h, &plain, Header{})
	if err != nil {
		t.Fatal(err)
	}
	tick(t, h, 1)
	v, ok := in.model.Agent(1)
	if !ok {
		t.Fatal("no agent 1")
	}
	var got []string
	for i, n := range v.Nodes {
		got = append(got, v.Path(i)+" ("+n.Kind+") "+n.Args+map[bool]string{true: " btai"}[n.BTAI])
	}
	want := []string{
		"BT.Root (BTAction) ",
		"BT.Root/Sequence[1] (btai.Sequence) Sequence : 0/2 btai",
		"BT.Root/Sequence[1]/Condition[1] (btai.Condition)  btai",
		"BT.Root/Sequence[1]/Wait[2] (btai.Wait) Wait : 0 / 2 btai",
		"BT.Root/Selector[2] (btai.Selector) Selector : 0/1 btai",
		"BT.Root/Selector[2]/Action[1] (btai.Action)  btai",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("nodes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got, want := statuses(v), `BT.Root=Running*
BT.Root/Sequence[1]=Running*
BT.Root/Sequence[1]/Condition[1]=Success
BT.Root/Sequence[1]/Wait[2]=Inactive
BT.Root/Selector[2]=Inactive
BT.Root/Selector[2]/Action[1]=Inactive
`; got != want {
		t.Errorf("tick 1:\n%s\nwant:\n%s", got, want)
	}
	tick(t, h, 1)
	v, _ = in.model.Agent(1)
	if got, want := statuses(v), `BT.Root=Running*
BT.Root/Sequence[1]=Running*
BT.Root/Sequence[1]/Condition[1]=Success
BT.Root/Sequence[1]/Wait[2]=Running*
BT.Root/Selector[2]=Inactive
BT.Root/Selector[2]/Action[1]=Inactive
`; got != want {
		t.Errorf("tick 2:\n%s\nwant:\n%s", got, want)
	}
	if e := v.Nodes[2].End; e == nil || *e != (EndView{Tick: 1, Status: "Success", Cause: "completed"}) {
		t.Errorf("Condition's end %+v", e)
	}
	live, _ := json.Marshal(v)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	recording, err := ReadRecording(&plain)
	if err != nil {
		t.Fatal(err)
	}
	rp := NewReplay(recording)
	rp.Seek(2)
	rp.Model(func(m *Model) {
		r, _ := m.Agent(1)
		if js, _ := json.Marshal(r); string(js) != string(live) {
			t.Errorf("replay at tick 2:\n%s\nlive:\n%s", js, live)
		}
	})

	// A breakpoint on a BTAI node is refused: it would never fire.
	if err := in.command(Command{Cmd: "break", Agent: 1, Node: 1, On: "start"}); err == nil || !strings.Contains(err.Error(), "BTAI") {
		t.Errorf("breakpoint on a BTAI node: %v, want an error naming BTAI", err)
	}
}

// A BTAI tree watched after it ticked (the page shows the agent late):
// its first view gives each BTAI node's last state, as it is when the
// tree is watched all along.
func TestBTAITreeWatchedLate(t *testing.T) {
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
	tick(t, h, 2)
	in.WatchAgents(1)
	v, _ := in.model.Agent(1)
	if got, want := statuses(v), `BT.Root=Running*
BT.Root/Sequence[1]=Running*
BT.Root/Sequence[1]/Condition[1]=Success
BT.Root/Sequence[1]/Wait[2]=Running*
BT.Root/Selector[2]=Inactive
BT.Root/Selector[2]/Action[1]=Inactive
`; got != want {
		t.Errorf("watched after tick 2:\n%s\nwant:\n%s", got, want)
	}
}
