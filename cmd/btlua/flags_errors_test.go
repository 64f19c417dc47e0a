package main

import (
	"strings"
	"testing"
)

// The flag package's parse errors name the flag with two dashes, as the
// usage line, README and the other errors do, whether it was typed with
// one dash or two; one usage line pointing at --help follows (not the
// whole listing, which buried the error), and the exit code is 2.
func TestFlagParseErrorsNameFlagsWithTwoDashes(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--bogus"}, "btlua: flag provided but not defined: --bogus\n"},
		{[]string{"-bogus", seq}, "btlua: flag provided but not defined: --bogus\n"},
		{[]string{"--hz", "abc", "x.lua"}, `btlua: --hz wants a number of ticks per second, got "abc"` + "\n"},
		{[]string{"--budget=-x", seq}, `btlua: --budget wants a duration such as 2s or 100ms, got "-x"` + "\n"},
		{[]string{"--fast=maybe", seq}, `btlua: --fast wants true or false (as --fast=false), got "maybe"` + "\n"},
		{[]string{seq, "--ticks"}, "btlua: flag needs an argument: --ticks\n"},
		{[]string{"---fast", seq}, "btlua: bad flag syntax: ---fast\n"},
	} {
		code, out, errOut := runCLI(c.args...)
		first, rest, _ := strings.Cut(errOut, "\n")
		if code != exitUsage || out != "" || first+"\n" != c.want || rest != usageHint {
			t.Errorf("btlua %q: code %d, stdout %q, stderr %q; want 2 and %q, then the one usage line %q", c.args, code, out, errOut, c.want, usageHint)
		}
	}
}

// --help lists every flag with two dashes, with its argument's name and
// its default, as README does.
func TestHelpListsFlagsWithTwoDashes(t *testing.T) {
	code, out, errOut := runCLI("--help")
	for _, want := range []string{
		"\n  --agents N\n    \trun N instances",
		"\n  --budget duration\n    \tCPU budget",
		"(0: no budget) (default 2s)\n",
		"\n  --fast\n    \ttick as fast as possible",
		"\n  --execution-type string\n",
		`(default "noduplicates")` + "\n",
		"\n  --hz float\n    \ttick rate in ticks per second; delta time is 1/hz seconds (default 60)\n",
		"\n  --inspect ADDR\n    \tserve the live inspector",
		"\n  --ticks int\n    \tstop after this many ticks (0: run until every tree has completed)\n",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("--help lacks %q", want)
		}
	}
	for _, line := range strings.Split(errOut, "\n") {
		if strings.HasPrefix(line, "  -") && !strings.HasPrefix(line, "  --") {
			t.Errorf("--help lists %q with one dash", line)
		}
	}
	if code != exitOK || out != "" || !strings.HasPrefix(errOut, "usage: btlua [flags] script.lua\n") {
		t.Errorf("--help: code %d, stdout %q, stderr %q", code, out, errOut)
	}
}
