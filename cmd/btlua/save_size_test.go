package main

import (
	"os"
	"testing"
)

// --restore of an endless stream (/dev/zero) stops at the save's size
// cap, saying it, instead of reading forever.
func TestRestoreEndlessStreamCapped(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Fatalf("/dev/zero: %v", err)
	}
	code, out, errOut := runCLI("--fast", "--restore", "/dev/zero", seq)
	want := "btlua: --restore /dev/zero: bad save: over 268435456 bytes (256 MiB), the largest save btlua reads\n"
	if code != exitFailed || out != "" || errOut != want {
		t.Fatalf("code %d, stdout %q, stderr\n%q\nwant\n%q", code, out, errOut, want)
	}
}

// --save naming a folder is refused before the script runs.
func TestSaveToFolderAtStart(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI("--fast", "--ticks", "3", "--save", dir, seq)
	want := "btlua: --save " + dir + ": cannot write there: it is a folder\n"
	if code != exitFailed || out != "" || errOut != want {
		t.Fatalf("code %d, stdout %q, stderr\n%q\nwant\n%q", code, out, errOut, want)
	}
}
