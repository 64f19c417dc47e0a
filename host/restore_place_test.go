package host

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// warriorFiles holds scripts/warrior.lua, a plain-tree script whose
// class methods use the chunk locals of the load that defined them last.
func warriorFiles(t *testing.T) fstest.MapFS {
	t.Helper()
	src, err := os.ReadFile("../scripts/warrior.lua")
	if err != nil {
		t.Fatal(err)
	}
	return fstest.MapFS{"warrior.lua": {Data: src}}
}

// loadTimes loads name n times in a fresh host of shards shards, placed
// as a crowd (ExpectAgents: loads 1 and 2 on shard 0 of 2, 3 and 4 on
// shard 1, where a restore's default placement alternates).
func loadTimes(t *testing.T, files fstest.MapFS, out *bytes.Buffer, shards, n int, name string) *Host {
	t.Helper()
	h := saveHostShards(t, files, out, shards)
	h.ExpectAgents(n)
	for range n {
		if _, err := h.LoadFile(name); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

// A plain-tree script loaded 4 times on 2 shards (2 loads a shard, as a
// crowd), saved at tick 10 and restored on 2 shards, prints for ticks 11
// to 20 what the straight run prints: each load goes back to the Lua
// state it ran in, shared with the same other load.
func TestRestorePlainLoadsSameShards(t *testing.T) {
	files := warriorFiles(t)
	var full bytes.Buffer
	ticks(t, loadTimes(t, files, &full, 2, 4, "warrior.lua"), 20)
	var out bytes.Buffer
	h := loadTimes(t, files, &out, 2, 4, "warrior.lua")
	ticks(t, h, 10)
	data, err := h.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	first := out.String()
	out.Reset()
	h2 := saveHostShards(t, files, &out, 2)
	if _, err := h2.RestoreAll(data); err != nil {
		t.Fatal(err)
	}
	ticks(t, h2, 10)
	if want := strings.TrimPrefix(full.String(), first); out.String() != want || !strings.Contains(want, "tick 14: patrol\ntick 14: run away\ntick 14: patrol\ntick 14: run away\n") {
		t.Fatalf("restored run printed\n%s\nwant\n%s", out.String(), want)
	}
}

// The same save restored on another shard count is refused, naming the
// script and both counts; nothing is added.
func TestRestorePlainLoadsOtherShardsRefused(t *testing.T) {
	files := warriorFiles(t)
	var out bytes.Buffer
	h := loadTimes(t, files, &out, 2, 2, "warrior.lua")
	ticks(t, h, 3)
	data, err := h.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, shards := range []int{0, 1, 3} {
		h2 := saveHostShards(t, files, &out, shards)
		_, err := h2.RestoreAll(data)
		want := "host: restoring: the save was made on 2 shards and this host has " + []string{"0", "1", "", "3"}[shards] +
			": warrior.lua is loaded 2 times (LoadFile, no factory spawn), and such agents depend on the Lua state each load ran in; restore it on 2 shards (Options.Shards, --shards)"
		if err == nil || err.Error() != want {
			t.Fatalf("shards %d: err %v, want %q", shards, err, want)
		}
		if n := len(h2.Agents()); n != 0 {
			t.Fatalf("shards %d: %d agents after the refused restore", shards, n)
		}
	}
}

// A save of the classic host (one Lua state) holding two loads restores
// on one shard (one Lua state too), and one load alone restores on any
// shard count (it shares its state with nobody either way).
func TestRestorePlainLoadsOneState(t *testing.T) {
	files := warriorFiles(t)
	var full bytes.Buffer
	ticks(t, loadTimes(t, files, &full, 0, 2, "warrior.lua"), 20)
	var out bytes.Buffer
	h := loadTimes(t, files, &out, 0, 2, "warrior.lua")
	ticks(t, h, 10)
	data, err := h.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	first := out.String()
	out.Reset()
	h2 := saveHostShards(t, files, &out, 1)
	if _, err := h2.RestoreAll(data); err != nil {
		t.Fatal(err)
	}
	ticks(t, h2, 10)
	if want := strings.TrimPrefix(full.String(), first); out.String() != want {
		t.Fatalf("restored on 1 shard printed\n%s\nwant\n%s", out.String(), want)
	}

	full.Reset()
	ticks(t, loadTimes(t, files, &full, 0, 1, "warrior.lua"), 20)
	out.Reset()
	h = loadTimes(t, files, &out, 0, 1, "warrior.lua")
	ticks(t, h, 10)
	if data, err = h.SnapshotAll(); err != nil {
		t.Fatal(err)
	}
	first = out.String()
	out.Reset()
	h3 := saveHostShards(t, files, &out, 2)
	if _, err := h3.RestoreAll(data); err != nil {
		t.Fatal(err)
	}
	ticks(t, h3, 10)
	if want := strings.TrimPrefix(full.String(), first); out.String() != want {
		t.Fatalf("one load restored on 2 shards printed\n%s\nwant\n%s", out.String(), want)
	}
}

// A save of version 1 (no placement) still restores, placed as LoadFile
// places.
func TestRestoreVersion1Save(t *testing.T) {
	files := warriorFiles(t)
	var full bytes.Buffer
	ticks(t, loadTimes(t, files, &full, 2, 2, "warrior.lua"), 20)
	var out bytes.Buffer
	h := loadTimes(t, files, &out, 2, 2, "warrior.lua")
	ticks(t, h, 10)
	data, err := h.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	old := asVersion1(data)
	if bytes.Contains(old, []byte(`"state"`)) || !bytes.Contains(old, []byte(`"version":1,`)) {
		t.Fatalf("the save is not as expected: %.200s", data)
	}
	first := out.String()
	out.Reset()
	h2 := saveHostShards(t, files, &out, 2)
	if _, err := h2.RestoreAll(old); err != nil {
		t.Fatal(err)
	}
	ticks(t, h2, 10)
	if want := strings.TrimPrefix(full.String(), first); out.String() != want {
		t.Fatalf("restored run printed\n%s\nwant\n%s", out.String(), want)
	}
}

// A save of version 1 (no placement) of lumberjack.lua loaded once per
// shard on 2 shards, restored on one shard, where the second load's
// provider is made with a merged copy of the class, is refused saying so.
func TestRestoreVersion1SharedStateRefused(t *testing.T) {
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
	old := asVersion1(data)
	h2 := saveHostShards(t, files, &out, 0)
	_, err = h2.RestoreAll(old)
	want := `host: restoring agent BTBehaviorTree: bad save: the GOAP agent of task BTSequence/load 1[2]: its provider: the saved table's class is "Lumberjack"; the script's table there is of a copy of it, which a later load of the script in the same Lua state made (the loads do not share Lua states as they did when saved: restore on the shard count the save was made on)`
	if err == nil || err.Error() != want {
		t.Fatalf("RestoreAll: %v\nwant %s", err, want)
	}
}
