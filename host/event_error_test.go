package host

import (
	"io"
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// faultyScript is a worker that gets ready, then works, counting its
// steps, and raises an error at steps 2 and 4 (the count is kept across
// a restart).
const faultyScript = `
Work = BTAction:New()
function Work:OnUpdate()
    local n = self:GetVariable("n") + 1
    self:SetVariable("n", n)
    if n == 2 or n == 4 then error("boom at " .. n) end
    return BTTaskStatus.Running
end
Ready = BTAction:New()
function Ready:OnUpdate() return BTTaskStatus.Success end
local function named(task, name) task.name = name; return task end
local root = named(BTSequence:New(), "Root")
root:AddChild(named(Ready:New(), "Ready"))
root:AddChild(named(Work:New(), "Work"))
local tree = BTBehaviorTree:New()
tree.name = "faulty"
tree:SetStartTask(root)
tree:SetVariable("n", 0)
return tree
`

// An error and the error policy's restart in the event stream: the
// EventError names the task it blames (its node), the restart's halts
// (cause Halted) come before EventRestart, the tree's tick after it, and
// the error that comes again after the restart is reported again.
func TestEventStreamErrorRestart(t *testing.T) {
	h, err := New(Options{Stdout: io.Discard, ErrorPolicy: ErrorPolicy{Action: RestartAgent, RestartDelay: 0.15}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, faultyScript)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	lines, cancel := recordEvents(t, h)
	defer cancel()
	for range 5 {
		h.Tick(0.1)
	}
	msg := func(n string) string { return path + ":6: boom at " + n + " (tree faulty, task Root/Work[2])" }
	checkTicks(t, *lines, [][]string{
		nil,
		{
			"tick 1",
			"tree faulty #1 Root,Ready,Work",
			"var faulty n <nil> -> 0",
			"start faulty Root",
			"start faulty Root/Ready[1]",
			"end faulty Root/Ready[1] Success",
			"start faulty Root/Work[2]",
			"var faulty n 0 -> 1 by Root/Work[2]",
			"status faulty Root Running",
			"status faulty Root/Work[2] Running",
			"tickend 1",
		},
		{
			"tick 2",
			"var faulty n 1 -> 2 by Root/Work[2]",
			"error faulty " + msg("2") + " [node Root/Work[2]]",
			"tickend 2",
		},
		{"tick 3", "tickend 3"},
		{
			"tick 4", // clock 0.4: the restart (due at 0.35)
			"end faulty Root/Work[2] Running (halted)",
			"end faulty Root Running (halted)",
			"restart faulty ",
			"start faulty Root",
			"start faulty Root/Ready[1]",
			"end faulty Root/Ready[1] Success",
			"start faulty Root/Work[2]",
			"var faulty n 2 -> 3 by Root/Work[2]",
			"tickend 4",
		},
		{
			"tick 5",
			"var faulty n 3 -> 4 by Root/Work[2]",
			"error faulty " + msg("4") + " [node Root/Work[2]]",
			"tickend 5",
		},
	})
}

// Listeners that subscribe after the agents ticked start from their
// state: each watched tree, reported at the next tick, comes with its
// tasks' states (EventState) before its variables; a tree an error
// stopped before, with its error.
func TestSubscribeAfterTicks(t *testing.T) {
	h, err := New(Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, faultyScript)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	h.Tick(0.1)
	h.Tick(0.1) // the error
	lines, cancel := recordEvents(t, h)
	defer cancel()
	h.Tick(0.1)
	checkTicks(t, *lines, [][]string{
		nil, nil, nil,
		{
			"tick 3",
			"tree faulty #1 Root,Ready,Work",
			"state faulty Root Running started",
			"state faulty Root/Ready[1] Success",
			"state faulty Root/Work[2] Running started",
			"var faulty n <nil> -> 2",
			"error faulty " + path + ":6: boom at 2 (tree faulty, task Root/Work[2]) [node Root/Work[2]]",
			"tickend 3",
		},
	})
}

// A Subscription that begins watching an agent another listener
// observes already hears the agent's state and variables (the other
// listener does not hear them again).
func TestSubscriptionWatchObservedAgent(t *testing.T) {
	h, err := New(Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(writeScript(t, guardScript)); err != nil {
		t.Fatal(err)
	}
	all, cancelAll := recordEvents(t, h)
	defer cancelAll()
	var heard []string
	nodes := map[int][]bt.Task{}
	sub := h.SubscribeWatching(func(ev *Event) {
		line := eventLine(t, nodes, *ev)
		if ev.Kind == EventState || ev.Kind == EventVariable && !ev.Global {
			heard = append(heard, line)
		}
	})
	defer sub.Cancel()
	h.Tick(0.1)
	before := len((*all)[1])
	sub.Watch(h.Agents()[1], true)
	want := []string{
		"state digger Timeout Running started",
		"state digger Timeout/Dig[1] Running started",
		"var digger steps <nil> -> 11",
	}
	if strings.Join(heard, "\n") != strings.Join(want, "\n") {
		t.Errorf("the watching listener heard:\n%s\nwant:\n%s", strings.Join(heard, "\n"), strings.Join(want, "\n"))
	}
	if len(*all) > 2 || len((*all)[1]) != before {
		t.Errorf("the other listener heard %v", (*all)[1][before:])
	}
}
