package main

import (
	"bytes"
	"path/filepath"
	"testing"
)

// --shards over the number of agents, or over host.MaxShards, is capped
// with one notice line on stderr (TestShardsFlagResolved checks the
// capping itself), whatever the number of agents; a --shards that needs
// no cap prints nothing.
func TestShardsCappedNotice(t *testing.T) {
	seq := filepath.Join("testdata", "agents_seq.lua")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--shards", "100000", seq}, "btlua: --shards 100000 is capped to 1, the number of agents (each shard is a Lua state of its own agents; --agents N runs more)\n"},
		{[]string{"--agents", "3", "--shards", "5000", seq}, "btlua: --shards 5000 is capped to 3, the number of agents (each shard is a Lua state of its own agents)\n"},
		{[]string{"--agents", "1000", "--shards", "100000", seq}, "btlua: --shards 100000 is capped to 256, the most a host runs (each shard is a Lua state)\n"},
		{[]string{"--agents", "300", "--shards", "257", seq}, "btlua: --shards 257 is capped to 256, the most a host runs (each shard is a Lua state)\n"},
		{[]string{"--agents", "300", "--shards", "256", seq}, ""},
		{[]string{"--agents", "3", "--shards", "3", seq}, ""},
		{[]string{"--shards", "1", seq}, ""},
		{[]string{"--agents", "3", seq}, ""},
	} {
		var errOut bytes.Buffer
		if _, err := parseArgs(c.args, &errOut); err != nil || errOut.String() != c.want {
			t.Errorf("btlua %v: error %v, stderr %q; want %q", c.args, err, errOut.String(), c.want)
		}
	}
}

// --restore with --shards over host.MaxShards is capped with the same
// notice, and the restore runs (a save's agents may go on any number of
// shards, and a count that differs from the save's is refused by the
// restore only when its agents depend on it).
func TestShardsCappedOnRestore(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "s.json")
	if code, _, errOut := runCLI("--fast", "--ticks", "1", "--save", save, seq); code != exitOK {
		t.Fatalf("--save: code %d, stderr %q", code, errOut)
	}
	code, _, errOut := runCLI("--fast", "--ticks", "1", "--restore", save, "--shards", "1000", seq)
	want := "btlua: --shards 1000 is capped to 256, the most a host runs (each shard is a Lua state)\n"
	if code != exitOK || errOut != want {
		t.Errorf("code %d, stderr %q; want 0 and %q", code, errOut, want)
	}
}
