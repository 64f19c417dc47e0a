package tests

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// Core nodes used from Lua, ticked at dt = 0.1 s: exact output and root
// status per tick.
func TestLuaNodes(t *testing.T) {
	S, R := bt.Success, bt.Running
	cases := []struct {
		file     string
		ticks    int
		stdout   string
		statuses []bt.Status
	}{
		// The guard turns true during tick 3; on tick 4 the LowerPriority
		// abort ends the running wander branch and runs fight.
		{"abort_lower_priority", 6, lines("1 wander", "2 wander", "3 wander", "4 end wander", "4 fight", "5 fight", "6 fight"),
			[]bt.Status{R, R, R, R, R, R}},
		// A Lua ParentTask-protocol selector watches LowerPriority guards
		// like the built-in Selector: after C1's abort on tick 3, C2 (right
		// of the running branch) is not re-evaluated.
		{"abort_protocol", 5, lines("1 start C1", "1 end C1", "1 start C2", "1 end C2", "1 start Patrol",
			"2 start C1", "2 end C1", "2 start C2", "2 end C2",
			"3 start C1", "3 end C1", "3 end Patrol", "3 start A1"),
			[]bt.Status{R, R, R, R, R}},
		// A parallel composite made in Lua does not watch the
		// LowerPriority guards of its children.
		{"abort_parallel", 4, lines("1 start C", "1 end C", "1 start B"), []bt.Status{R, R, R, R}},
		// Behavior Designer's ParentTask protocol written in Lua.
		{"protocol", 10, lines("start child 1", "child 1 -> 1", "start child 2", "child 2 -> 2"), []bt.Status{R, S}},
		// The Timeout ends the coroutine before its third step; the
		// Selector then logs.
		{"coroutine_end", 10, lines("step 1 (pcall false)", "step 2", "timed out"), []bt.Status{R, R, S}},
		// Wait 0.3 s succeeds on tick 4 (started at 0.1 s); the
		// PrioritySelector tries high (fails), then mid.
		{"wait_priority", 10, lines("0.4 high", "0.4 mid"), []bt.Status{R, R, R, S}},
		// Under BTExecutionType.Count the Repeater restarts its Sequence
		// in the tick Fire ran: Fire runs every 0.3 s, no drift.
		{"count_timer", 12, lines("execution type 0 -> 1, max 100", "fire on tick 4 at 0.4 s", "fire on tick 7 at 0.7 s", "fire on tick 10 at 1.0 s"),
			[]bt.Status{R, R, R, R, R, R, R, R, R, S}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			r := runScriptDT(t, filepath.Join("testdata", "nodes", c.file+".lua"), c.ticks, 0.1)
			if r.err != nil {
				t.Fatal(r.err)
			}
			if r.stdout != c.stdout {
				t.Errorf("stdout = %q, want %q", r.stdout, c.stdout)
			}
			if !slices.Equal(r.statuses, c.statuses) {
				t.Errorf("statuses = %v, want %v", r.statuses, c.statuses)
			}
		})
	}
}

func TestLuaNodeBadArgs(t *testing.T) {
	r := runScript(t, filepath.Join("testdata", "nodes", "bad_args.lua"), 1)
	if r.err == nil || !strings.Contains(r.err.Error(), `bad_args.lua:1: BTWait:New: seconds must be a number, got "soon" (a string)`) {
		t.Errorf("err = %v", r.err)
	}
}

// Bad values are refused where they are written, with the value named.
func TestLuaBadValues(t *testing.T) {
	cases := []struct{ script, want string }{
		{`return BTWait:New(0/0)`, ":1: BTWait:New: seconds must be a finite number, got NaN"},
		{`return BTRepeater:New(2.5)`, ":1: BTRepeater:New: count must be a whole number from 0 to 2147483647, got 2.5"},
		{`return BTRepeater:New(-3)`, "count must be a whole number from 0 to 2147483647, got -3"},
		{`return BTRandomSelector:New(1, {2^62, 1})`, "weights[1] must be a whole number from 0 to 2097151"},
		{`return BTLog:New({})`, ":1: BTLog:New: message must be a string, got a table"},
		{"local s = BTSequence:New()\ns:AddChild(BTCondition:New(function() return \"no\" end))\nreturn s",
			`:2: the BTCondition function returned "no" (a string), want true or false`},
		{"local a = BTLog:New(\"x\")\nlocal t1, t2 = BTBehaviorTree:New(), BTBehaviorTree:New()\nt1:SetStartTask(a)\nt2:SetStartTask(a)\nreturn {t1, t2}",
			":4: SetStartTask: BTLog is the start task of tree BTBehaviorTree already; a task has one place in one tree"},
		{"local s = BTSequence:New()\nlocal l = BTLog:New(\"x\")\ns:AddChild(l)\nreturn {s, l}",
			"return value 1[2]: BTSequence/BTLog[1] is a child of BTSequence; a task has one place in one tree"},
		{`return BTBehaviorTree:New()`, "return value 1: behavior tree has no start task"},
		{"Evil = BTAction:New()\nfunction Evil:OnUpdate() return self:Tick() end\nreturn Evil:New()", ":2: Tick: Evil ticks itself from its own OnUpdate"},
		{"local t = BTBehaviorTree:New()\nt:SetStartTask(BTLog:New(\"x\"))\nt:Tick(-1)\nreturn t", ":3: Tick: dt must be a finite number of seconds >= 0, got -1"},
		{"local t = BTBehaviorTree:New()\nt:SetExecutionType(2)\nreturn t", ":2: SetExecutionType: want BTExecutionType.NoDuplicates or Count, got 2"},
		{"local t = BTBehaviorTree:New()\nt:SetExecutionType(BTExecutionType.Count, 0)\nreturn t", ":2: SetExecutionType: max must be a whole number from 1 to 2147483647, got 0"},
		{"local t = BTBehaviorTree:New()\nt:SetExecutionType(BTExecutionType.Count, 2.5)\nreturn t", ":2: SetExecutionType: max must be a whole number from 1 to 2147483647, got 2.5"},
		{"local t = BTBehaviorTree:New()\nt:SetExecutionType(\"Count\")\nreturn t", `:2: SetExecutionType: want BTExecutionType.NoDuplicates or Count, got "Count" (a string)`},
	}
	for i, c := range cases {
		path := filepath.Join(t.TempDir(), "bad.lua")
		if err := os.WriteFile(path, []byte(c.script), 0o644); err != nil {
			t.Fatal(err)
		}
		r := runScript(t, path, 2)
		if r.err == nil || !strings.Contains(r.err.Error(), c.want) {
			t.Errorf("case %d: err = %v\nwant it to contain %q", i, r.err, c.want)
		}
	}
}

// A BTCondition function may answer with a status: Failure is false.
func TestLuaConditionStatus(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cond.lua")
	src := "local s = BTSequence:New()\ns:AddChild(BTCondition:New(function() return BTTaskStatus.Failure end))\ns:AddChild(BTLog:New(\"ran\"))\nreturn s"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runScript(t, path, 2)
	if r.err != nil || r.stdout != "" || !slices.Equal(r.statuses, []bt.Status{bt.Failure}) {
		t.Errorf("err %v, stdout %q, statuses %v; want a silent Failure", r.err, r.stdout, r.statuses)
	}
}

// Errors raised with values that are not strings say what was raised,
// even when the value's __tostring fails; the file is named at load time.
func TestNonStringErrors(t *testing.T) {
	cases := []struct{ script, want string }{
		{"local s = BTSequence:New()\ns:AddChild(BTActionUniversal:New(nil, function() error(setmetatable({}, {__tostring = function() error(\"inner\") end})) end))\nreturn s",
			"error raised with a table: (its __tostring failed) (task BTSequence/BTActionUniversal[1])"},
		{"local s = BTSequence:New()\ns:AddChild(BTActionUniversal:New(nil, function() error(setmetatable({}, {__tostring = function() return \"out of arrows\" end})) end))\nreturn s",
			"error raised with a table: out of arrows (task BTSequence/BTActionUniversal[1])"},
		{"error({code = 42})", "bad.lua:1: error raised with a table: {code = 42}"},
		{"local s = BTSequence:New()\ns:AddChild(BTSequence)\nreturn s", ":2: AddChild to BTSequence: want a task, got the class BTSequence itself (make a task with BTSequence:New())"},
	}
	for i, c := range cases {
		path := filepath.Join(t.TempDir(), "bad.lua")
		if err := os.WriteFile(path, []byte(c.script), 0o644); err != nil {
			t.Fatal(err)
		}
		r := runScript(t, path, 2)
		if r.err == nil || !strings.Contains(r.err.Error(), c.want) {
			t.Errorf("case %d: err = %v\nwant it to contain %q", i, r.err, c.want)
		}
	}
}
