package main

import "testing"

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
	} {
		code, _, errOut := runCLI(c.args...)
		if want := c.why + "\n" + replayUsage + "\n"; code != exitUsage || errOut != want {
			t.Errorf("%q: code %d, stderr %q; want %d and %q", c.args, code, errOut, exitUsage, want)
		}
	}
}
