package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// --trace of a restored run numbers its ticks as the uninterrupted run
// does: a save after tick 2 restores to tick 3.
func TestTraceAfterRestoreContinuesTicks(t *testing.T) {
	script := filepath.Join("..", "..", "scripts", "lumberjack.lua")
	save := filepath.Join(t.TempDir(), "s.json")
	if code, _, errOut := runCLI("--fast", "--ticks", "2", "--save", save, script); code != exitOK {
		t.Fatalf("--save: code %d, stderr %q", code, errOut)
	}
	code, _, errOut := runCLI("--fast", "--ticks", "2", "--trace", "--restore", save, script)
	if code != exitOK || !strings.HasPrefix(errOut, "tick 3 ") || strings.Contains(errOut, "tick 1 ") {
		t.Errorf("code %d, trace %q; want it to begin at tick 3", code, errOut)
	}
}
