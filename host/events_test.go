package host

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// eventLine renders ev for the tests: one line, task paths spelled out.
// It checks that node numbers name the tasks the events carry.
func eventLine(t *testing.T, nodes map[int][]bt.Task, ev Event) string {
	t.Helper()
	name := ""
	if ev.Agent != nil {
		name = ev.Agent.Name() + " "
	}
	// at returns the task node r names in the agent's last tree (nil for
	// none), failing the test for a node out of the tree.
	at := func(what string, r NodeRef) bt.Task {
		i, ok := r.Index()
		if !ok {
			return nil
		}
		if i >= len(nodes[ev.AgentID]) {
			t.Errorf("%v event: %s node %d out of the %d of agent %d", ev.Kind, what, i, len(nodes[ev.AgentID]), ev.AgentID)
			return nil
		}
		return nodes[ev.AgentID][i]
	}
	if ev.Kind != EventError && at("task", ev.Node) != ev.Task {
		t.Errorf("%v event of %s: node %d is %s", ev.Kind, bt.Path(ev.Task), ev.Node.Int(), bt.Path(at("task", ev.Node)))
	}
	if at("by", ev.ByNode) != ev.Cause.By {
		t.Errorf("end of %s: by node %d is not %s", bt.Path(ev.Task), ev.ByNode.Int(), bt.Path(ev.Cause.By))
	}
	if at("writer", ev.WriterNode) != ev.Writer {
		t.Errorf("write of %s: writer node %d is not %s", ev.Name, ev.WriterNode.Int(), bt.Path(ev.Writer))
	}
	switch ev.Kind {
	case EventTickBegin, EventTickEnd:
		return fmt.Sprintf("%v %d", ev.Kind, ev.Tick)
	case EventTree:
		nodes[ev.AgentID] = ev.Nodes
		var paths []string
		for _, n := range ev.Nodes {
			paths = append(paths, bt.DisplayName(n))
		}
		return fmt.Sprintf("tree %s#%d %s", name, ev.AgentID, strings.Join(paths, ","))
	case EventStarted:
		return "start " + name + bt.Path(ev.Task)
	case EventStatus:
		return fmt.Sprintf("status %s%s %v", name, bt.Path(ev.Task), ev.Status)
	case EventEnded:
		s := fmt.Sprintf("end %s%s %v", name, bt.Path(ev.Task), ev.Status)
		if ev.Cause.Early() {
			s += " (" + ev.Cause.String() + ")"
		}
		return s
	case EventVariable:
		scope := name
		if ev.Global {
			scope = "global "
		}
		s := fmt.Sprintf("var %s%s %v -> %v", scope, ev.Name, ev.Old, ev.New)
		if ev.Writer != nil {
			s += " by " + bt.Path(at("writer", ev.WriterNode))
		}
		return s
	case EventReload:
		if ev.Err != nil {
			return "reload failed"
		}
		return fmt.Sprintf("reload rebuilt %v", ev.Reload.Rebuilt)
	case EventError:
		s := "error " + name + ev.Err.Error()
		if n := at("error", ev.Node); n != nil {
			s += " [node " + bt.Path(n) + "]"
		}
		return s
	case EventRestart:
		return "restart " + name
	case EventState:
		s := fmt.Sprintf("state %s%s %v", name, bt.Path(ev.Task), ev.Status)
		if ev.Started {
			s += " started"
		}
		return s
	case EventRemoved:
		return "removed " + name
	case EventBTAI:
		return fmt.Sprintf("btai %s%s#%d %v", name, bt.Path(ev.Task), ev.BTAINode, ev.BTAIState)
	case EventGoap:
		if GoapAgentOf(ev.Task) != ev.GoapAgent {
			t.Errorf("goap event of %s: the task does not run the event's agent", bt.Path(ev.Task))
		}
		return "goap " + name + bt.Path(ev.Task) + ": " + ev.Goap.String()
	}
	return "?"
}

// recordEvents subscribes to h and returns the lines heard, tick by tick
// (lines before the first tick under tick 0).
func recordEvents(t *testing.T, h *Host) (lines *[][]string, cancel func()) {
	nodes := map[int][]bt.Task{}
	out := [][]string{nil}
	cancel = h.Subscribe(func(ev *Event) {
		for len(out) <= int(ev.Tick) {
			out = append(out, nil)
		}
		out[ev.Tick] = append(out[ev.Tick], eventLine(t, nodes, *ev))
	})
	return &out, cancel
}

func checkTicks(t *testing.T, got [][]string, want [][]string) {
	t.Helper()
	for i := 0; i < max(len(got), len(want)); i++ {
		var g, w []string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if strings.Join(g, "\n") != strings.Join(w, "\n") {
			t.Errorf("tick %d:\ngot:\n\t%s\nwant:\n\t%s", i, strings.Join(g, "\n\t"), strings.Join(w, "\n\t"))
		}
	}
}

const guardScript = `
Sees = BTConditional:New()
function Sees:OnUpdate()
    if self:GetVariable("enemy") then return BTTaskStatus.Success end
    return BTTaskStatus.Failure
end
Walk = BTAction:New()
function Walk:OnUpdate()
    local n = self:GetVariable("steps") + 1
    self:SetVariable("steps", n)
    if n == 2 then self:SetVariable("enemy", true) end
    return BTTaskStatus.Running
end
local function named(task, name) task.name = name; return task end
local fight = named(BTSequence:New(), "Fight")
fight:SetAbortType(BTAbortType.LowerPriority)
fight:AddChild(named(Sees:New(), "Sees"))
fight:AddChild(named(Walk:New(), "Attack"))
local root = named(BTSelector:New(), "Root")
root:AddChild(fight)
root:AddChild(named(Walk:New(), "Wander"))
local guard = BTBehaviorTree:New()
guard.name = "guard"
guard:SetStartTask(root)
guard:SetVariable("steps", 0)

local timeout = named(BTTimeout:New(0.15), "Timeout")
timeout:AddChild(named(Walk:New(), "Dig"))
local digger = BTBehaviorTree:New()
digger.name = "digger"
digger:SetStartTask(timeout)
digger:SetVariable("steps", 10)
require("bt").SetGlobalVariable("alarm", false)
return { guard, digger }
`

// The event stream of two trees, tick by tick: the guard's Wander is
// aborted when its blackboard write turns the LowerPriority guard true,
// the digger's Dig is timed out; every start, status change, end with its
// cause and blackboard write (with old value and writing task) in order.
func TestEventStreamAbortTimeoutWrites(t *testing.T) {
	h, err := New(Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(writeScript(t, guardScript)); err != nil {
		t.Fatal(err)
	}
	lines, cancel := recordEvents(t, h)
	for range 3 {
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
	}
	h.SetVariable(nil, "alarm", lua.LTrue)
	cancel()
	if err := h.Tick(0.1); err != nil { // nobody listens: nothing heard
		t.Fatal(err)
	}
	checkTicks(t, *lines, [][]string{
		nil,
		{
			"tick 1",
			"var global alarm <nil> -> false",
			"tree guard #1 Root,Fight,Sees,Attack,Wander",
			"var guard steps <nil> -> 0",
			"tree digger #2 Timeout,Dig",
			"var digger steps <nil> -> 10",
			"start guard Root",
			"start guard Root/Fight[1]",
			"start guard Root/Fight[1]/Sees[1]",
			"end guard Root/Fight[1]/Sees[1] Failure",
			"end guard Root/Fight[1] Failure",
			"start guard Root/Wander[2]",
			"var guard steps 0 -> 1 by Root/Wander[2]",
			"status guard Root Running",
			"status guard Root/Wander[2] Running",
			"start digger Timeout",
			"start digger Timeout/Dig[1]",
			"var digger steps 10 -> 11 by Timeout/Dig[1]",
			"status digger Timeout Running",
			"status digger Timeout/Dig[1] Running",
			"tickend 1",
		},
		{
			"tick 2",
			// LowerPriority: the guard is evaluated again while Wander runs.
			"start guard Root/Fight[1]/Sees[1]",
			"end guard Root/Fight[1]/Sees[1] Failure",
			"var guard steps 1 -> 2 by Root/Wander[2]",
			"var guard enemy <nil> -> true by Root/Wander[2]",
			"var digger steps 11 -> 12 by Timeout/Dig[1]",
			"tickend 2",
		},
		{
			"tick 3",
			"start guard Root/Fight[1]/Sees[1]",
			"end guard Root/Fight[1]/Sees[1] Success",
			"end guard Root/Wander[2] Running (aborted by Root/Fight[1]/Sees[1])",
			"start guard Root/Fight[1]",
			"start guard Root/Fight[1]/Attack[2]",
			"var guard steps 2 -> 3 by Root/Fight[1]/Attack[2]",
			"status guard Root/Fight[1] Running",
			"status guard Root/Fight[1]/Attack[2] Running",
			"end digger Timeout/Dig[1] Running (timed out by Timeout)",
			"end digger Timeout Failure",
			"tickend 3",
			// Between ticks, from Go.
			"var global alarm false -> true",
		},
	})
	for _, a := range h.Agents() {
		if a.tree().BT.Observer != nil {
			t.Errorf("%s: observer left on the tree after cancel", a.Name())
		}
	}
	if h.Ticks() != 4 {
		t.Errorf("Ticks() = %d, want 4", h.Ticks())
	}
}

// A structure-level reload, heard as it happens: the running tasks end
// with the cause reload, the reload is reported, and the next tick
// reports the new tree with the blackboard it carried over.
func TestEventStreamReload(t *testing.T) {
	h, err := New(Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	script := `
Walk = BTAction:New()
function Walk:OnUpdate()
    self:SetVariable("steps", (self:GetVariable("steps") or 0) + 1)
    return BTTaskStatus.Running
end
local seq = BTSequence:New()
seq.name = "Seq"
seq:AddChild(Walk:New())
local tr = BTBehaviorTree:New()
tr.name = "walker"
tr:SetStartTask(seq)
return tr
`
	path := writeScript(t, script)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	lines, cancel := recordEvents(t, h)
	defer cancel()
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(script, "seq:AddChild(Walk:New())", "seq:AddChild(BTWait:New(5))\nseq:AddChild(Walk:New())", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Reload(path); err != nil {
		t.Fatal(err)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	checkTicks(t, *lines, [][]string{
		nil,
		{
			"tick 1",
			"tree walker #1 Seq,Walk",
			"start walker Seq",
			"start walker Seq/Walk[1]",
			"var walker steps <nil> -> 1 by Seq/Walk[1]",
			"status walker Seq Running",
			"status walker Seq/Walk[1] Running",
			"tickend 1",
			"end walker Seq/Walk[1] Running (reload)",
			"end walker Seq Running (reload)",
			"reload rebuilt [walker]",
		},
		{
			"tick 2",
			"tree walker #1 Seq,BTWait,Walk",
			"var walker steps <nil> -> 1",
			"start walker Seq",
			"start walker Seq/BTWait[1]",
			"status walker Seq Running",
			"status walker Seq/BTWait[1] Running",
			"tickend 2",
		},
	})
}

// A gate that says no skips the tick: nothing ticks, Ticks stays, and
// listeners hear nothing.
func TestTickGateSkips(t *testing.T) {
	h, err := New(Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	agents, err := h.LoadFile(writeScript(t, guardScript))
	if err != nil {
		t.Fatal(err)
	}
	lines, cancel := recordEvents(t, h)
	defer cancel()
	open := false
	h.SetTickGate(func() bool { return open })
	for range 2 {
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
	}
	if h.Ticks() != 0 || agents[0].tree().BT.Ticks() != 0 || len((*lines)[0]) != 0 {
		t.Fatalf("a closed gate ticked: host %d, tree %d ticks, events %q", h.Ticks(), agents[0].tree().BT.Ticks(), (*lines)[0])
	}
	open = true
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	if h.Ticks() != 1 || agents[0].tree().BT.Ticks() != 1 {
		t.Fatalf("an open gate: host %d, tree %d ticks, want 1 and 1", h.Ticks(), agents[0].tree().BT.Ticks())
	}
}
