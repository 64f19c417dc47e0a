package host

import (
	"bytes"
	"os"
	"testing"
	"testing/fstest"
)

// scripts/lumberjack.lua loaded twice in one Lua state: the second load
// runs the script again, its class Lumberjack is merged into the first
// load's, and the provider table its top level made keeps the merged
// copy as its metatable. The save refuses it saying so plainly.
func TestSnapshotMergedClassCopy(t *testing.T) {
	src, err := os.ReadFile("../scripts/lumberjack.lua")
	if err != nil {
		t.Fatal(err)
	}
	files := fstest.MapFS{"lumberjack.lua": {Data: src}}
	var out bytes.Buffer
	h := loadTimes(t, files, &out, 0, 2, "lumberjack.lua")
	_, err = h.SnapshotAll()
	want := "host: saving agent 2 (lumberjack.lua): the GOAP agent of task BTSequence/load 1[2]: its provider holds a table whose class is a copy of Lumberjack that no global names (a later load of its script defined Lumberjack anew, and each load of a script merges the classes it defines into the first load's, but a table the script's top level made keeps the copy: make such tables in a task's OnStart, return a factory function, or load the script once per Lua state), which a save cannot hold"
	if err == nil || err.Error() != want {
		t.Fatalf("SnapshotAll: %v\nwant %s", err, want)
	}
}
