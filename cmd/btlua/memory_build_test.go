package main

import (
	"path/filepath"
	"regexp"
	"testing"
)

// --agents 400 of a factory whose agents keep about 100 KB each, with
// --memory-limit 16: the Spawn during which the heap crosses the limit
// fails, naming the agent and the heap, and btlua exits 1 with that line
// alone (no tick runs, so none blames an agent), for any shard count;
// the CLI adds the agent's place in the crowd, as for any Spawn error.
func TestAgentsMemoryLimitCrossedWhileSpawning(t *testing.T) {
	script := filepath.Join("testdata", "agents_keep.lua")
	want := regexp.MustCompile(`^btlua: memory limit of 16 MiB exceeded \(the heap grew over it, to 1[6-9]\.?[0-9]* MiB, while spawning agent ([0-9]+) \(` +
		regexp.QuoteMeta(script) + `, factory return value 1\)\); raise the limit \(Options\.MemoryLimit; btlua --memory-limit\) \(agent ([0-9]+) of 400\)\n$`)
	for _, shards := range []string{"0", "2"} {
		code, out, errOut := runAlone(t, "--fast", "--ticks", "3", "--memory-limit", "16", "--agents", "400", "--shards", shards, script)
		m := want.FindStringSubmatch(errOut)
		if code != exitFailed || out != "" || m == nil || m[1] != m[2] {
			t.Errorf("--shards %s: code %d, stdout %q, stderr %q; want 1 and a line matching %s", shards, code, out, errOut, want)
		}
	}
}
