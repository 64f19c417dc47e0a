package main

import (
	"strings"
	"testing"
)

// A recording that cannot be written fails the run: the error names the
// file and the cause, and btlua exits 1.
func TestRecordWriteError(t *testing.T) {
	code, out, errOut := runCLI("--fast", "--ticks", "2", "--record", "/dev/full", seq)
	want := "btlua: recording /dev/full: write /dev/full: no space left on device\n"
	if code != exitFailed || out != "22\n22\n" || errOut != want {
		t.Errorf("code %d, stdout %q, stderr %q; want %d and %q", code, out, errOut, exitFailed, want)
	}
}

// An empty file name for --record, or an empty address for --inspect, is
// a mistake on the command line, not a request for nothing.
func TestEmptyRecordAndInspect(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--record", "", seq}, "btlua: --record needs a file name, got \"\"\n"},
		{[]string{"--record=", seq}, "btlua: --record needs a file name, got \"\"\n"},
		{[]string{"--inspect=", seq}, "btlua: --inspect wants HOST:PORT with a port from 0 to 65535, such as 127.0.0.1:8750, got \"\"\n"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, c.msg) {
			t.Errorf("btlua %q: code %d, stdout %q, stderr %q; want %d and %q", c.args, code, out, errOut, exitUsage, c.msg)
		}
	}
}

// --help says what -max-string caps: every string built in one Go call
// by string.rep, string.gsub, string.format and table.concat, and by the
// .. operator; and that an OnEnd failing at exit fails the run.
func TestHelpMaxStringAndOnEnd(t *testing.T) {
	_, _, errOut := runCLI("--help")
	for _, want := range []string{
		"largest string in MiB that string.rep, string.gsub, string.format, table.concat and the .. operator may build (over it, the call raises a Lua error before building it) (0: no cap)",
		"an OnEnd that fails at exit (halting the tasks still running when --ticks runs out) exits 1 too, with or without --strict",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("--help lacks %q:\n%s", want, errOut)
		}
	}
}
