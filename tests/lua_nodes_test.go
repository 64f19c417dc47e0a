package tests

import (
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
		// Behavior Designer's ParentTask protocol written in Lua.
		{"protocol", 10, lines("start child 1", "child 1 -> 1", "start child 2", "child 2 -> 2"), []bt.Status{R, S}},
		// The Timeout ends the coroutine before its third step; the
		// Selector then logs.
		{"coroutine_end", 10, lines("step 1 (pcall false)", "step 2", "timed out"), []bt.Status{R, R, S}},
		// Wait 0.3 s succeeds on tick 4 (started at 0.1 s); the
		// PrioritySelector tries high (fails), then mid.
		{"wait_priority", 10, lines("0.4 high", "0.4 mid"), []bt.Status{R, R, R, S}},
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
