package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// An error of the i-th load of a script that is no factory, loaded N
// times by --agents N, names the agent, "agent i of N", as a spawn error
// does, on the classic host and on a sharded one: the script's error
// (its third load in one Lua state fails: agent 3, on the one state or on
// the first of two, which holds agents 1 to 3), and the memory limit's, found
// by the check after a load.
func TestAgentsLoadErrorNamesAgent(t *testing.T) {
	script := filepath.Join("testdata", "agents_load_err.lua")
	warning := "btlua: warning: --agents 5 loads " + script + " 5 times"
	for _, c := range []struct{ shards, agent string }{{"0", "3"}, {"2", "3"}} {
		code, out, errOut := runCLI("--agents", "5", "--shards", c.shards, "--fast", script)
		first, rest, _ := strings.Cut(errOut, "\n")
		want := "btlua: " + script + ":5: third load in this state fails (agent " + c.agent + " of 5)\n"
		if code != exitFailed || out != "" || !strings.HasPrefix(first, warning) || rest != want {
			t.Errorf("--shards %s: code %d, stdout %q, stderr %q; want 1 and the warning then %q", c.shards, code, out, errOut, want)
		}
	}
	memory := filepath.Join("testdata", "agents_load_memory.lua")
	q := regexp.QuoteMeta(memory)
	// The check after a load finds the heap over the limit, or, when a
	// load runs longer than the watchdog's period (a busy machine), the
	// watchdog stops it at the line that allocates: either names the agent.
	over := regexp.MustCompile(`^btlua: (memory limit of 16 MiB exceeded \(the heap grew over it, to [0-9.]+ MiB, while loading ` + q +
		`\); raise the limit \(Options\.MemoryLimit; btlua --memory-limit\)|` + q + `:[0-9]+: memory limit of 16 MiB exceeded \(loading ` + q +
		`\)) \(agent [0-9]+ of 40\)\n$`)
	for _, shards := range []string{"0", "2"} {
		code, out, errOut := runCLI("--agents", "40", "--shards", shards, "--fast", "--memory-limit", "16", memory)
		_, rest, _ := strings.Cut(errOut, "\n")
		if code != exitFailed || out != "" || !over.MatchString(rest) {
			t.Errorf("--shards %s --memory-limit 16: code %d, stdout %q, stderr %q; want 1, the warning, then the limit's error naming the agent", shards, code, out, errOut)
		}
	}
}
