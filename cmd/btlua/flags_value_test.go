package main

import (
	"strings"
	"testing"
)

// A flag's value that does not parse says what the flag wants and what
// it got (exit 2, the usage after it), not the flag package's "parse
// error".
func TestFlagValueErrorsSayWhatTheFlagWants(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--budget", "5", seq}, `btlua: --budget wants a duration such as 2s or 100ms, got "5"`},
		{[]string{"-budget=-x", seq}, `btlua: --budget wants a duration such as 2s or 100ms, got "-x"`},
		{[]string{"--hz", "abc", seq}, `btlua: --hz wants a number of ticks per second, got "abc"`},
		{[]string{"--ticks", "1.5", seq}, `btlua: --ticks wants a whole number of ticks, got "1.5"`},
		{[]string{"--agents", "many", seq}, `btlua: --agents wants a whole number of agents, got "many"`},
		{[]string{"--shards", "x", seq}, `btlua: --shards wants a whole number of Lua states, got "x"`},
		{[]string{"--memory-limit", "1G", seq}, `btlua: --memory-limit wants a whole number of MiB, got "1G"`},
		{[]string{"--max-string", "", seq}, `btlua: --max-string wants a whole number of MiB, got ""`},
		{[]string{"--max-task-executions", "x", seq}, `btlua: --max-task-executions wants a whole number of executions, got "x"`},
		{[]string{"--fast=maybe", seq}, `btlua: --fast wants true or false (as --fast=false), got "maybe"`},
		{[]string{"--ticks", "99999999999999999999", seq}, `btlua: --ticks wants a whole number of ticks, got "99999999999999999999" (out of range)`},
	} {
		code, out, errOut := runCLI(c.args...)
		first, rest, _ := strings.Cut(errOut, "\n")
		if code != exitUsage || out != "" || first != c.want || rest != usageHint {
			t.Errorf("btlua %q: code %d, stdout %q, stderr %q; want 2 and %q, then the one usage line %q", c.args, code, out, errOut, c.want, usageHint)
		}
	}
}
