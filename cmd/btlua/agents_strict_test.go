package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Under --strict the agent-ticks count only the agents that ticked: on
// the classic host (--shards 0) the tick ends at agent 2's error, before
// agents 3 to 5; on a sharded host every agent ticks, and the first error
// in agent order ends the run.
func TestAgentsStrictCountsTickedAgents(t *testing.T) {
	script := filepath.Join("testdata", "agents_strict.lua")
	for _, c := range []struct {
		shards, stdout, head string
	}{
		{"0", "agent 1 ticked\nagent 2 ticked\n", "btlua: agents 5, shards 0, ticks 1, agent-ticks 2 (agents running at each tick)"},
		{"2", "agent 1 ticked\nagent 2 ticked\nagent 3 ticked\nagent 4 ticked\nagent 5 ticked\n", "btlua: agents 5, shards 2, ticks 1, agent-ticks 5 (agents running at each tick)"},
	} {
		code, out, errOut := runCLI("--agents", "5", "--shards", c.shards, "--fast", "--strict", script)
		first, figures, _ := strings.Cut(errOut, "\n")
		head, rest, _ := strings.Cut(figures, "\n")
		if want := "btlua: " + script + ":5: fail 2 (agent 2, task Printer)"; code != exitFailed || out != c.stdout || first != want || head != c.head || !statsLines.MatchString(rest) {
			t.Errorf("--shards %s: code %d, stdout %q, stderr %q; want 1, %q, and %q then %q", c.shards, code, out, errOut, c.stdout, want, c.head)
		}
	}
}
