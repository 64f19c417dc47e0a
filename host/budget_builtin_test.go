package host

import (
	"bytes"
	"io"
	"testing"
	"time"

	"github.com/btlua/btlua/stdlib/bt"
)

// budgetCounter is a second agent beside the runaway one: a Lua leaf
// counting its ticks in the global counted.
const budgetCounter = `counted = 0
local c = BTActionUniversal:New(nil, function() counted = counted + 1; return BTTaskStatus.Running end)
local t = BTBehaviorTree:New(); t.name = "counter"; t:SetStartTask(c); return t
`

// A tick that runs only built-in (Go) tasks for ever, with no Lua
// instruction to poll the budget (a Repeater over BTSetVariable or BTLog
// under Count with a huge cap), is stopped by the CPU budget with the
// budget's message, naming the agent, the tree and the task; the other
// agent goes on ticking (the fresh user's rep*.lua, which hung the host).
func TestBudgetBuiltinTasksOnly(t *testing.T) {
	cases := []struct {
		name, script string
		opts         Options
		task         string
		at           string // where the task was made, before the message
	}{
		{"script sets Count", `local r=BTRepeater:New(0); r.name="rep"; r:AddChild(BTSetVariable:New("x", 1)); local t=BTBehaviorTree:New(); t.name="rt"; t:SetStartTask(r); t:SetExecutionType(BTExecutionType.Count, 2000000000); return t`,
			Options{}, "rep/BTSetVariable[1]", ":1: "},
		{"host sets Count", `local r=BTRepeater:New(2147483647); r.name="rep"; r:AddChild(BTSetVariable:New("x", 1)); local t=BTBehaviorTree:New(); t.name="rt"; t:SetStartTask(r); return t`,
			Options{ExecutionType: bt.Count, MaxTaskExecutions: 2000000000}, "rep/BTSetVariable[1]", ":1: "},
		{"BTLog", `local r=BTRepeater:New(2147483647); r.name="rep"; r:AddChild(BTLog:New("r")); local t=BTBehaviorTree:New(); t.name="rt"; t:SetStartTask(r); return t`,
			Options{ExecutionType: bt.Count, MaxTaskExecutions: 2000000000}, "rep/BTLog[1]", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			c.opts.Stdout, c.opts.Logger, c.opts.Budget = io.Discard, lineLogger(&out), 100*time.Millisecond
			h, err := New(c.opts)
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			counter := writeScript(t, budgetCounter)
			if _, err := h.LoadFile(counter); err != nil {
				t.Fatal(err)
			}
			path := writeScript(t, c.script)
			if _, err := h.LoadFile(path); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			err = h.Tick(0.1)
			t.Logf("stopped after %v with a 100ms budget", time.Since(start))
			at := ""
			if c.at != "" {
				at = path + c.at
			}
			want := at + "CPU budget of 100ms exceeded (task " + c.task + "; tick of agent rt, " + path + " return value 1)"
			if err == nil || err.Error() != want {
				t.Fatalf("error\n%v\nwant\n%s", err, want)
			}
			for tick := 2; tick <= 3; tick++ {
				if err := h.Tick(0.1); err != nil {
					t.Fatalf("tick %d: %v", tick, err)
				}
			}
			if n := h.luaVM().L.GetGlobal("counted").String(); n != "3" {
				t.Errorf("the other agent ticked %s times, want 3", n)
			}
			if failed := h.Failed(); len(failed) != 1 || failed[0].Err().Error() != want {
				t.Errorf("failed agents %v, want the runaway only", failed)
			}
		})
	}
}
