package main

import (
	"path/filepath"
	"testing"
)

// btlua replay of a save, and --restore of a recording, say what the
// file is and the command that reads it (plain and gzipped files).
func TestReplaySaveRestoreRecording(t *testing.T) {
	dir := t.TempDir()
	for _, ext := range []string{"", ".gz"} {
		save := filepath.Join(dir, "s.json"+ext)
		rec := filepath.Join(dir, "run.jsonl"+ext)
		if code, _, errOut := runCLI("--fast", "--ticks", "2", "--save", save, "--record", rec, seq); code != exitOK {
			t.Fatalf("--save, --record: code %d, stderr %q", code, errOut)
		}
		code, errOut := replayOnce(save)
		want := "btlua: " + save + " is a btlua save file (written by --save), not a recording; resume it with btlua --restore " + save + " " + seq + "\n"
		if code != exitFailed || errOut != want {
			t.Errorf("replay of a save: code %d, stderr\n%q\nwant %d and\n%q", code, errOut, exitFailed, want)
		}
		for _, args := range [][]string{
			{"--fast", "--restore", rec, seq},
			{"--fast", "--restore", rec, "--shards", "1", seq},
			{"--fast", "--restore", rec, "--agents", "1", seq},
		} {
			code, out, errOut := runCLI(args...)
			want := "btlua: --restore " + rec + ": this is a btlua recording (written by --record), not a save; replay it with btlua replay " + rec + "\n"
			if code != exitFailed || out != "" || errOut != want {
				t.Errorf("btlua %v: code %d, stdout %q, stderr\n%q\nwant %d and\n%q", args, code, out, errOut, exitFailed, want)
			}
		}
	}
}
