package main

import (
	"strings"
	"testing"
)

// btlua replay given no file, two files or an unknown flag says why, on
// the line before its usage, as the run's usage errors do.
func TestReplayUsageSaysWhy(t *testing.T) {
	for _, c := range []struct {
		args []string
		why  string
	}{
		{[]string{"replay"}, "btlua: replay: no recording given"},
		{[]string{"replay", "a.jsonl", "b.jsonl"}, `btlua: replay: more than one recording given: "a.jsonl" and "b.jsonl"`},
		{[]string{"replay", "--fast", "a.jsonl"}, `btlua: replay: unknown flag "--fast"`},
		{[]string{"replay", "--inspect", "r.jsonl.gz"}, `btlua: --inspect wants HOST:PORT with a port from 0 to 65535, such as ` + defaultInspectAddr + `, got "r.jsonl.gz"`},
	} {
		code, _, errOut := runCLI(c.args...)
		if want := c.why + "\n" + replayUsage + "\n"; code != exitUsage || errOut != want {
			t.Errorf("%q: code %d, stderr %q; want %d and %q", c.args, code, errOut, exitUsage, want)
		}
	}
}

// btlua replay --help prints the usage on stdout and exits 0; "--" ends
// the flags.
func TestReplayHelpAndDashes(t *testing.T) {
	code, out, errOut := runCLI("replay", "--help")
	if code != 0 || out != replayUsage+"\n" || errOut != "" {
		t.Errorf("--help: code %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, _, errOut = runCLI("replay", "--", "missing.jsonl")
	if code != exitFailed || !strings.Contains(errOut, "missing.jsonl") || strings.Contains(errOut, "unknown flag") {
		t.Errorf("-- missing.jsonl: code %d, stderr %q; want the missing file named", code, errOut)
	}
}
