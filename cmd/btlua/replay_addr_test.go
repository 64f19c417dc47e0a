package main

import (
	"strings"
	"testing"
)

// btlua replay checks its --inspect address as the main command does: a
// bad one is a usage error (exit 2) naming it, before the recording is
// read.
func TestReplayBadInspectAddr(t *testing.T) {
	for _, addr := range []string{"127.0.0.1:99999", "nocolon", "127.0.0.1:x"} {
		code, _, errOut := runCLI("replay", "--inspect", addr, "missing.jsonl")
		if code != exitUsage || !strings.Contains(errOut, "--inspect wants HOST:PORT") || !strings.Contains(errOut, addr) {
			t.Errorf("replay --inspect %s: code %d, stderr %q; want %d and the address named", addr, code, errOut, exitUsage)
		}
	}
}
