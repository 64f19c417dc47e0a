package main

import (
	"os"
	"testing"
)

// --restore of an endless stream (/dev/zero) stops at its first bytes,
// which cannot begin a save, instead of reading to the size cap.
func TestRestoreEndlessStreamCapped(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Fatalf("/dev/zero: %v", err)
	}
	code, out, errOut := runCLI("--fast", "--restore", "/dev/zero", seq)
	want := "btlua: --restore /dev/zero: bad save: not a btlua save (it begins with byte 0x00, and a save is a JSON object, begun by {)\n"
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
