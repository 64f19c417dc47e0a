package main

import (
	"os"
	"path/filepath"
	"testing"
)

// btlua --agents 3 --ticks 8 on scripts/guards.lua, the example factory,
// prints its golden output (tests/testdata/golden/guards.out, which
// tests.TestScriptsGolden checks against 3 agents spawned on the Go
// host), on the classic host and sharded alike.
func TestGuardsFactoryGolden(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("..", "..", "tests", "testdata", "golden", "guards.out"))
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join("..", "..", "scripts", "guards.lua")
	for _, shards := range []string{"0", "1", "3"} {
		code, out, _ := runCLI("--fast", "--agents", "3", "--ticks", "8", "--shards", shards, script)
		if code != exitOK || out != string(want) {
			t.Errorf("--shards %s: code %d, stdout\n%s\nwant 0 and\n%s", shards, code, out, want)
		}
	}
}
