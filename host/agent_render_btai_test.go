package host

import (
	"io"
	"testing"
	"testing/fstest"
)

// Agent.Render lists the nodes of the BTAI tree under a BT.Root task,
// with the state each returned on its last tick.
func TestAgentRenderExpandsBTAI(t *testing.T) {
	fsys := fstest.MapFS{"ai.lua": {Data: []byte(`local root = BT.Root()
root.name = "AI"
root:OpenBranch(
	BT.Sequence():OpenBranch(
		BT.Condition(function() return true end),
		BT.Wait(0.25)),
	BT.Call(function() end))
return root`)}}
	h, err := New(Options{FS: fsys, Stdout: io.Discard, BTAIGlobals: true})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	agents, err := h.LoadFile("ai.lua")
	if err != nil {
		t.Fatal(err)
	}
	for tick, want := range []string{
		"AI (BTAction) Running\n" +
			"  Sequence : 1/2 (btai.Sequence) Continue\n" +
			"    Condition (btai.Condition) Success\n" +
			"    Wait : 0 / 0.25 (btai.Wait) Inactive\n" +
			"  Action (btai.Action) Inactive\n",
		"AI (BTAction) Running\n" +
			"  Sequence : 1/2 (btai.Sequence) Continue\n" +
			"    Condition (btai.Condition) Success\n" +
			"    Wait : 0 / 0.25 (btai.Wait) Continue\n" +
			"  Action (btai.Action) Inactive\n",
		"AI (BTAction) Running\n" +
			"  Sequence : 1/2 (btai.Sequence) Continue\n" +
			"    Condition (btai.Condition) Success\n" +
			"    Wait : 0.125 / 0.25 (btai.Wait) Continue\n" +
			"  Action (btai.Action) Inactive\n",
		// the Wait ends, the Sequence passes, the Call runs at once
		"AI (BTAction) Running\n" +
			"  Sequence : 0/2 (btai.Sequence) Success\n" +
			"    Condition (btai.Condition) Success\n" +
			"    Wait : 0.25 / 0.25 (btai.Wait) Success\n" +
			"  Action (btai.Action) Success\n",
	} {
		if err := h.Tick(0.125); err != nil {
			t.Fatal(err)
		}
		if got := agents[0].Render(); got != want {
			t.Errorf("tick %d: Render:\n%s\nwant:\n%s", tick+1, got, want)
		}
	}
}
