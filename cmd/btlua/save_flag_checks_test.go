package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// --save to a folder that does not exist fails before the script runs
// (not at the end of a long run), saying which.
func TestSaveMissingFolderAtStart(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "no", "such", "s.json")
	code, out, errOut := runCLI("--fast", "--ticks", "3", "--save", save, seq)
	want := "btlua: --save " + save + ": cannot write there: the folder " + filepath.Join(dir, "no", "such") + " does not exist\n"
	if code != exitFailed || out != "" || errOut != want {
		t.Fatalf("code %d, stdout %q, stderr\n%q\nwant\n%q", code, out, errOut, want)
	}
}

// --restore of a bad save with --watch exits with the error: the
// watcher reloads the script, never the save.
func TestRestoreBadSaveWatchExits(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "s.json")
	os.WriteFile(bad, []byte(`{"format":"btlua-save","version":1,"loads":[`), 0o644)
	type result struct {
		code        int
		out, errOut string
	}
	done := make(chan result, 1)
	go func() {
		code, out, errOut := runCLI("--fast", "--watch", "--restore", bad, seq)
		done <- result{code, out, errOut}
	}()
	select {
	case r := <-done:
		want := "btlua: --restore " + bad + ": bad save: truncated (unexpected end of the JSON) at byte 44\n"
		if r.code != exitFailed || r.out != "" || r.errOut != want {
			t.Fatalf("code %d, stdout %q, stderr\n%q\nwant\n%q", r.code, r.out, r.errOut, want)
		}
	case <-time.After(30 * time.Second): // a hang, not a timing
		t.Fatal("btlua --watch --restore of a bad save did not exit")
	}
}

// --dot prints the trees and exits: with --save it is refused (there is
// no run to save), with --restore it prints the restored trees.
func TestDotWithSave(t *testing.T) {
	save := filepath.Join(t.TempDir(), "s.json")
	code, out, errOut := runCLI("--dot", "--save", save, seq)
	want := "btlua: --dot prints the trees and exits, so there is no run for --save; run without it or without --dot\n" + usageHint
	if code != exitUsage || out != "" || errOut != want {
		t.Fatalf("code %d, stdout %q, stderr\n%q\nwant\n%q", code, out, errOut, want)
	}
	if _, err := os.Stat(save); !os.IsNotExist(err) {
		t.Fatalf("--dot --save wrote %s (%v)", save, err)
	}
}
