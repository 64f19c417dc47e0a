package main

import (
	"path/filepath"
	"testing"
)

// An error while spawning the agents of --agents N (the factory's, what
// it returned, or the CPU budget stopping it) names the agent, "agent I
// of N", on the classic host and on a sharded one; with one agent (no
// --agents) it is not named.
func TestAgentsSpawnErrorNamesAgent(t *testing.T) {
	errScript := filepath.Join("testdata", "agents_factory_err.lua")
	noTree := filepath.Join("testdata", "agents_factory_notree.lua")
	loop := filepath.Join("testdata", "agents_factory_loop.lua")
	for _, shards := range []string{"0", "2"} {
		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{errScript}, "btlua: " + errScript + ":4: attempt to index field 'nothing' (a nil value) (agent 3 of 5)\n"},
			{[]string{noTree}, "btlua: " + noTree + ":2: factory return value 1 is 42 (a number), not a behavior tree or a task (agent 2 of 5)\n"},
			{[]string{"--budget", "100ms", loop}, "btlua: " + loop + ":3: CPU budget of 100ms exceeded (spawning " + loop + ") (agent 2 of 5)\n"},
		} {
			args := append([]string{"--agents", "5", "--shards", shards, "--fast"}, c.args...)
			code, out, errOut := runCLI(args...)
			if code != exitFailed || out != "" || errOut != c.want {
				t.Errorf("btlua %q: code %d, stdout %q, stderr %q; want 1 and %q", args, code, out, errOut, c.want)
			}
		}
	}
	p := writeLua(t, "return function(args)\n  return 42\nend\n")
	want := "btlua: " + p + ":1: factory return value 1 is 42 (a number), not a behavior tree or a task\n"
	if code, _, errOut := runCLI("--fast", p); code != exitFailed || errOut != want {
		t.Errorf("alone: code %d, stderr %q; want 1 and %q", code, errOut, want)
	}
}
