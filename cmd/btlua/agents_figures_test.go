package main

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The figures of --agents count the agent-ticks that ran: at each tick,
// the agents running then (an agent that completed, or that an error
// stopped, is not ticked), and an agent the error policy restarts again
// from its restart. agents_mostly_done.lua, --ticks 10: agent 1 runs 10
// ticks, agents 2 and 3 one each, and agent 4 fails at each tick it
// runs: stopped after its first (--on-error stop: 10+1+1+1 = 13), or, at
// --hz 1, restarted after 1, 2, 4 ... seconds, so ticked at 1, 2, 4 and 8
// (--on-error restart: 10+1+1+4 = 16). The same with any shard count.
func TestAgentsFiguresCountRunningAgents(t *testing.T) {
	script := filepath.Join("testdata", "agents_mostly_done.lua")
	boom := "btlua: " + script + ":6: boom"
	for _, shards := range []string{"0", "2"} {
		for _, c := range []struct {
			onError, want string
		}{
			{"stop", "btlua: agents 4, shards " + shards + ", ticks 10, agent-ticks 13 (agents running at each tick)\n"},
			{"restart", "btlua: agents 4, shards " + shards + ", ticks 10, agent-ticks 16 (agents running at each tick)\n"},
		} {
			code, _, errOut := runCLI("--agents", "4", "--shards", shards, "--on-error", c.onError, "--fast", "--hz", "1", "--ticks", "10", script)
			_, figures, found := strings.Cut(errOut, c.want)
			if code != exitFailed || !strings.HasPrefix(errOut, boom) || !found || !statsLines.MatchString(figures) {
				t.Errorf("--shards %s --on-error %s: code %d, stderr %q; want 1, the error and %q", shards, c.onError, code, errOut, c.want)
			}
		}
	}
}

// nsPerAgentTick reads the ns/agent-tick of the figures.
var nsPerAgentTick = regexp.MustCompile(`, ([0-9]+) ns/agent-tick `)

// Without --fast, ticks are paced in real time: the figures time the
// ticks alone (the Tick calls), not the sleeps between them. One trivial
// agent at --hz 20 sleeps about 50 ms between ticks; its tick takes
// microseconds, so under 25 ms (half the period) whatever the load.
func TestAgentsFiguresExcludeSleeps(t *testing.T) {
	code, _, errOut := runCLI("--agents", "1", "--hz", "20", "--ticks", "10", factoryScript)
	m := nsPerAgentTick.FindStringSubmatch(errOut)
	if code != exitOK || m == nil {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
	if ns, _ := strconv.ParseFloat(m[1], 64); ns >= 25e6 {
		t.Errorf("%v ns per agent-tick at --hz 20 (a period of 50 ms): the sleeps are counted; stderr %q", ns, errOut)
	}
}
