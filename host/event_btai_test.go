package host

import (
	"io"
	"testing"
)

// A BTAI tree (BT.Root) in the event stream: besides the root task's
// own start and status, each tick of a BTAI node comes as an EventBTAI
// with the node's index in btailib.TreeNodes and the state it returned,
// in tick order (a Root goes on within a tick past children that
// succeed).
func TestEventStreamBTAI(t *testing.T) {
	h, err := New(Options{Stdout: io.Discard, BTAIGlobals: true})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(writeScript(t, `
		local root = BT.Root()
		root.name = "AI"
		root:OpenBranch(
			BT.Sequence():OpenBranch(
				BT.Condition(function() return true end),
				BT.Wait(0.15)
			),
			BT.Call(function() end)
		)
		return root`)); err != nil {
		t.Fatal(err)
	}
	lines, cancel := recordEvents(t, h)
	for range 4 {
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
	}
	cancel()
	checkTicks(t, *lines, [][]string{
		nil,
		{
			"tick 1",
			"tree AI #1 AI",
			"start AI AI",
			"btai AI AI#1 Success",  // Condition
			"btai AI AI#0 Continue", // Sequence: one child per tick
			"status AI AI Running",
			"tickend 1",
		},
		{
			"tick 2",
			"btai AI AI#2 Continue", // Wait(0.15) from 0.2
			"btai AI AI#0 Continue",
			"tickend 2",
		},
		{
			"tick 3",
			"btai AI AI#2 Continue",
			"btai AI AI#0 Continue",
			"tickend 3",
		},
		{
			"tick 4",
			"btai AI AI#2 Success",
			"btai AI AI#0 Success",
			"btai AI AI#3 Success", // Call; the Root goes on and wraps round
			"tickend 4",
		},
	})
}
