package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// On a sharded host a table read from a global variable is read-only: a
// change in place is an error of the tick with no agent to blame, which
// --strict makes the end of the run, exit 1, after that tick. (Within
// that tick, agent 2 sees the change when it shares agent 1's shard: the
// documented exception.)
func TestStrictGlobalTableChangedInPlace(t *testing.T) {
	script := filepath.Join("testdata", "agents_global_changed.lua")
	for shards, want := range map[string]string{
		"1": "agent 1 sees a=1\nagent 2 sees a=11\n",
		"2": "agent 1 sees a=1\nagent 2 sees a=1\n",
	} {
		code, out, errOut := runCLI("--fast", "--strict", "--ticks", "5", "--agents", "2", "--shards", shards, script)
		if code != exitFailed || out != want ||
			!strings.HasPrefix(errOut, `btlua: host: global variable "cfg": a table read from it was changed in place`) {
			t.Errorf("--shards %s: code %d, stdout %q, stderr %q; want exit 1 after tick 1's two lines and the change error", shards, code, out, errOut)
		}
	}
}
