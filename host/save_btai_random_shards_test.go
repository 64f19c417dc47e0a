package host

import (
	"bytes"
	"testing"
	"testing/fstest"
)

// A sharded host's SnapshotAll holds one BTAI generator per shard (its Lua
// states; it opens no state of its own), and a RestoreAll on as many
// shards resumes every agent's draws; on another shard count it is
// refused, naming both counts.
func TestSnapshotBTAIRandomShardsResumes(t *testing.T) {
	files := fstest.MapFS{"r.lua": {Data: []byte(btaiRandomScript)}}
	load := func(h *Host) {
		t.Helper()
		for range 2 { // one load per shard
			if _, err := h.LoadFile("r.lua"); err != nil {
				t.Fatal(err)
			}
		}
	}
	const n, k = 10, 4
	var full bytes.Buffer
	ref := saveHostShards(t, files, &full, 2)
	load(ref)
	ticks(t, ref, n)
	var out bytes.Buffer
	h := saveHostShards(t, files, &out, 2)
	load(h)
	ticks(t, h, k)
	data, err := h.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	h2 := saveHostShards(t, files, &out, 2)
	if _, err := h2.RestoreAll(data); err != nil {
		t.Fatal(err)
	}
	ticks(t, h2, n-k)
	if out.String() != full.String() {
		t.Fatalf("output\n%s\nwant\n%s", out.String(), full.String())
	}
	h3 := saveHostShards(t, files, &out, 3)
	want := "host: restoring: the save was made on 2 shards and this host has 3: r.lua is loaded 2 times (LoadFile, no factory spawn), and such agents depend on the Lua state each load ran in; restore it on 2 shards (Options.Shards, --shards)"
	if _, err := h3.RestoreAll(data); err == nil || err.Error() != want {
		t.Errorf("RestoreAll on 3 shards: %v\nwant %s", err, want)
	}
}
