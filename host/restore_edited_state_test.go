package host

import (
	"bytes"
	"os"
	"testing"
	"testing/fstest"
)

// A save of lumberjack.lua loaded once per shard on 2 shards, edited so
// that two loads claim Lua state 1, restored on 2 shards (as saved), is
// refused saying that the save's "state" values are inconsistent, naming
// the loads and the state (not to restore on the save's shard count,
// which already holds).
func TestRestoreEditedStatesRefused(t *testing.T) {
	src, err := os.ReadFile("../scripts/lumberjack.lua")
	if err != nil {
		t.Fatal(err)
	}
	files := fstest.MapFS{"lumberjack.lua": {Data: src}}
	var out bytes.Buffer
	h := loadTimes(t, files, &out, 2, 2, "lumberjack.lua")
	ticks(t, h, 3)
	data, err := h.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	edited := replaced(t, data, `"state":0,`, `"state":1,`)
	h2 := saveHostShards(t, files, &out, 2)
	_, err = h2.RestoreAll(resealed(edited))
	want := `host: restoring agent BTBehaviorTree: bad save: the GOAP agent of task BTSequence/load 1[2]: its provider: the saved table's class is "Lumberjack"; the script's table there is of a copy of it, which a later load of the script in the same Lua state made: the save's "state" values are inconsistent (loads 1 and 2 of lumberjack.lua both have "state": 1, and a save cannot hold such loads sharing a Lua state)`
	if err == nil || err.Error() != want {
		t.Fatalf("RestoreAll: %v\nwant %s", err, want)
	}
	if n := len(h2.Agents()); n != 0 {
		t.Fatalf("%d agents after the refused restore, want 0", n)
	}
}
