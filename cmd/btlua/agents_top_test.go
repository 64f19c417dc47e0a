package main

import (
	"path/filepath"
	"testing"
)

// A factory script's top level runs once per Lua state: with --agents 3
// on one shard, and alone (one agent on the classic host), the line it
// prints comes once, before the agents' lines.
func TestFactoryTopLevelRunsOnce(t *testing.T) {
	script := filepath.Join("testdata", "agents_factory_top.lua")
	code, out, errOut := runCLI("--agents", "3", "--shards", "1", "--fast", script)
	if code != exitOK || out != "top level\nagent1\nagent2\nagent3\n" {
		t.Errorf("--agents 3 --shards 1: code %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = runCLI("--fast", script)
	if code != exitOK || out != "top level\nagent1\n" || errOut != "" {
		t.Errorf("alone: code %d, stdout %q, stderr %q", code, out, errOut)
	}
}
