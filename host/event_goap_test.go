package host

import (
	"io"
	"path/filepath"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// woodcutter is the inspector's GOAP test script (one agent run by two
// BTGoapAgentTasks; its first GetAxe fails, so the agent replans).
var woodcutter = filepath.Join("..", "inspect", "testdata", "woodcutter.lua")

// A GOAP agent run by two BTGoapAgentTasks of a tree: its events come in
// the stream where they happen, attributed to the task that runs it; the
// first plan is aborted by a failed Perform (the task fails), the second
// task replans and carries the plan out.
func TestEventStreamGoapReplan(t *testing.T) {
	h, err := New(Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(woodcutter); err != nil {
		t.Fatal(err)
	}
	lines, cancel := recordEvents(t, h)
	for range 6 {
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
	}
	cancel()
	checkTicks(t, *lines, [][]string{
		nil,
		{
			"tick 1",
			"tree cutter #1 Root,Try,Retry",
			"start cutter Root",
			"start cutter Root/Try[1]",
			`goap cutter Root/Try[1]: goal chosen "CreateGoalState" (priority 0)`,
			"goap cutter Root/Try[1]: state popped Idle",
			"goap cutter Root/Try[1]: state pushed PerformAction",
			`goap cutter Root/Try[1]: plan made "CreateGoalState": GetAxe -> ChopLog (cost 6)`,
			"status cutter Root Running",
			"status cutter Root/Try[1] Running",
			"tickend 1",
		},
		{
			"tick 2",
			"goap cutter Root/Try[1]: action started GetAxe #1",
			"goap cutter Root/Try[1]: action ended GetAxe #1 (aborted)",
			"goap cutter Root/Try[1]: state popped PerformAction",
			"goap cutter Root/Try[1]: state pushed Idle",
			`goap cutter Root/Try[1]: plan aborted "CreateGoalState" by GetAxe`,
			"end cutter Root/Try[1] Failure",
			"start cutter Root/Retry[2]",
			`goap cutter Root/Retry[2]: goal chosen "CreateGoalState" (priority 0)`,
			"goap cutter Root/Retry[2]: state popped Idle",
			"goap cutter Root/Retry[2]: state pushed PerformAction",
			`goap cutter Root/Retry[2]: plan made "CreateGoalState": GetAxe -> ChopLog (cost 6)`,
			"status cutter Root/Retry[2] Running",
			"tickend 2",
		},
		{"tick 3", "goap cutter Root/Retry[2]: action started GetAxe #1", "tickend 3"},
		{
			"tick 4",
			"goap cutter Root/Retry[2]: action ended GetAxe #1 (done)",
			"goap cutter Root/Retry[2]: action started ChopLog #2",
			"tickend 4",
		},
		{
			"tick 5",
			"goap cutter Root/Retry[2]: action ended ChopLog #2 (done)",
			"goap cutter Root/Retry[2]: state popped PerformAction",
			"goap cutter Root/Retry[2]: state pushed Idle",
			`goap cutter Root/Retry[2]: plan finished "CreateGoalState"`,
			"end cutter Root/Retry[2] Success",
			"end cutter Root Success",
			"tickend 5",
		},
		{"tick 6", "tickend 6"}, // the tree finished

	})
	for _, a := range h.Agents() {
		for _, n := range []bt.Task{a.Root().(bt.ParentTask).Children()[0]} {
			if ag := GoapAgentOf(n); ag == nil || ag.Observer != nil {
				t.Errorf("%s: GOAP agent %v, observer %v left after cancel", bt.Path(n), ag, ag.Observer)
			}
		}
	}
}
