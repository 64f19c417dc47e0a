package main

import (
	"strings"
	"testing"
)

// btlua --agents 200 whose every agent's tree fails the same way prints
// the error once, then one line for the other 199 agents, then the
// report; classic and sharded.
func TestAgentsSameErrorOnce(t *testing.T) {
	p := writeLua(t, "return function(args)\n  local a = BTAction:New()\n  a.name = \"A\"\n"+
		"  function a:OnUpdate() error(\"boom\") end\n  return a\nend\n")
	for _, shards := range []string{"0", "2"} {
		code, out, errOut := runCLI("--agents", "200", "--shards", shards, "--fast", p)
		want := "btlua: " + p + ":4: boom (agent 1, task A)\n" +
			"btlua: (the same error in 199 more agents: 2 to 200)\n" +
			"btlua: agents 200, shards "
		if code != exitFailed || out != "" || !strings.HasPrefix(errOut, want) {
			t.Errorf("shards %s: code %d, stdout %q, stderr\n%s\nwant 1 and stderr starting\n%s", shards, code, out, errOut, want)
		}
	}
}
