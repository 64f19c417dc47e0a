package main

import (
	"path/filepath"
	"testing"
)

// A BTAI tree whose BT.Terminate a BT.If swallows is warned of on stderr
// before it runs, once, with the file and lines of both nodes.
func TestBTAILintOnStderr(t *testing.T) {
	path := filepath.Join("testdata", "btai_if_terminate.lua")
	code, out, errOut := runCLI("--fast", "--ticks", "3", path)
	want := "btlua: " + path + ":4: BT.Terminate never stops the tree: the BT.If at " + path + ":4 above it takes its Abort for Success (as BT.While and BT.Repeat do); " +
		"to stop when a test holds, use BT.Sequence():OpenBranch(BT.Condition(test), BT.Terminate())\n" +
		"btlua: " + path + ":2: BT.Root never ends: no BT.Terminate reaches it through Sequences and Selectors alone (a BTAI root loops for ever); " +
		"it runs until the host stops it, or a function calls root:Terminate()\n"
	if code != exitOK || out != "tick\ntick\n" || errOut != want {
		t.Errorf("code %d, stdout %q, stderr\n%s\nwant 0, two ticks logged (a Block takes one child a tick), stderr\n%s", code, out, errOut, want)
	}
}
