package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// warriors is the spawned warrior crowd of the benchmarks: a factory with
// a fixed seed per agent.
var warriors = filepath.Join("..", "..", "bench", "warrior", "spawn.lua")

// traceLines is stderr without btlua's own lines (the figures of
// --agents).
func traceLines(stderr string) string {
	var out []string
	for l := range strings.Lines(stderr) {
		if !strings.HasPrefix(l, "btlua: ") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "")
}

// --trace of 200 spawned warriors over 100 ticks prints the same lines,
// in the same order, on the classic host and with 1, 2 and 4 shards,
// Close's halts included.
func TestAgentsTraceShards(t *testing.T) {
	var want string
	for _, shards := range []string{"0", "1", "2", "4"} {
		code, _, errOut := runCLI("--agents", "200", "--shards", shards, "--fast", "--ticks", "100", "--trace", warriors)
		if code != exitOK {
			t.Fatalf("--shards %s: code %d, stderr %.500q", shards, code, errOut)
		}
		got := traceLines(errOut)
		if shards == "0" {
			want = got
			if n := strings.Count(got, "\n"); n < 200*10 || !strings.Contains(got, "tick 100 BTBehaviorTree#200: ") {
				t.Fatalf("--shards 0: %d trace lines, none of tick 100 of the 200th agent:\n%.2000s", n, got)
			}
			continue
		}
		if got != want {
			gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
			for i := range min(len(gl), len(wl)) {
				if gl[i] != wl[i] {
					t.Fatalf("--shards %s: trace line %d is %q, --shards 0's %q", shards, i+1, gl[i], wl[i])
				}
			}
			t.Fatalf("--shards %s: %d trace lines, --shards 0: %d", shards, len(gl), len(wl))
		}
	}
}

// --record of 200 warriors on 2 shards writes the recording of the
// classic host, line for line past the header (its creation time).
func TestAgentsRecordShards(t *testing.T) {
	dir := t.TempDir()
	rec := func(shards string) []string {
		t.Helper()
		f := filepath.Join(dir, "shards"+shards+".jsonl")
		if code, _, errOut := runCLI("--agents", "200", "--shards", shards, "--fast", "--ticks", "30", "--record", f, warriors); code != exitOK {
			t.Fatalf("--shards %s: code %d, stderr %.500q", shards, code, errOut)
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(string(data), "\n")[1:]
	}
	want, got := rec("0"), rec("2")
	if len(want) < 200*30 {
		t.Fatalf("--shards 0: %d lines, want at least one per agent and tick", len(want))
	}
	for i := range max(len(got), len(want)) {
		if i >= len(got) || i >= len(want) || got[i] != want[i] {
			t.Fatalf("--shards 2: %d lines, line %d differs from --shards 0's (%d lines)", len(got), i+2, len(want))
		}
	}
}

// --inspect runs 200 warriors on 2 shards: the inspector subscribes to the
// sharded host's stream and --ticks ends the run.
func TestAgentsInspectShards(t *testing.T) {
	code, out, errOut := runCLI("--agents", "200", "--shards", "2", "--fast", "--ticks", "20", "--inspect", "127.0.0.1:0", warriors)
	if code != exitOK || out != "" || !strings.HasPrefix(errOut, "btlua: inspector at http://127.0.0.1:") ||
		!strings.Contains(errOut, "btlua: agents 200, shards 2, ticks 20, agent-ticks 4000 (agents running at each tick)\n") {
		t.Fatalf("code %d, stdout %q, stderr %q", code, out, errOut)
	}
}
