package main

import (
	"path/filepath"
	"testing"
)

// A tree that ends in Failure because its GOAP goal cannot be planned
// says why on stderr, once, even when a repeater retries it every tick.
func TestGoapPlanFailureOnStderr(t *testing.T) {
	path := filepath.Join("testdata", "goap_unplannable.lua")
	why := `goap: goal "G" {y == true}: no plan: condition y == true is unmet and no usable action changes "y" (expanded 0, visited 1)`
	code, out, errOut := runCLI("--fast", path)
	want := "btlua: " + path + ": tree GoapAgent, task GoapAgent fails: " + why + "\n"
	if code != exitOK || out != "" || errOut != want {
		t.Errorf("btlua %s: code %d, stdout %q, stderr\n%q\nwant 0, \"\", stderr\n%q", path, code, out, errOut, want)
	}
	path = filepath.Join("testdata", "goap_unplannable_repeat.lua")
	code, out, errOut = runCLI("--fast", "--ticks", "20", path)
	want = "btlua: " + path + ": tree Retry, task Retry/GoapAgent[1] fails: " + why + "\n"
	if code != exitOK || out != "" || errOut != want {
		t.Errorf("btlua --ticks 20 %s: code %d, stdout %q, stderr\n%q\nwant 0, \"\", stderr\n%q", path, code, out, errOut, want)
	}
}
