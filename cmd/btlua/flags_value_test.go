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

// A duration too large for a time.Duration (about 292 years) is out of
// range, as a number too large is (--tick-interval 1e400); a duration
// that does not parse says why.
func TestDurationFlagOutOfRange(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--frame-budget", "1000000000h", seq}, `btlua: --frame-budget wants a duration such as 4ms, got "1000000000h" (out of range)`},
		{[]string{"--budget", "9999999999999999999ns", seq}, `btlua: --budget wants a duration such as 2s or 100ms, got "9999999999999999999ns" (out of range)`},
		{[]string{"--frame-budget", "1e9h", seq}, `btlua: --frame-budget wants a duration such as 4ms, got "1e9h" (unknown unit "e")`},
		{[]string{"--tick-interval", "1e400", seq}, `btlua: --tick-interval wants a number of seconds, got "1e400" (out of range)`},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage || out != "" || errOut != c.msg+"\n"+usageHint {
			t.Errorf("btlua %q: code %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errOut, c.msg)
		}
	}
}

// Every value a flag refuses after parsing is a usage error followed by
// the usage line, as the parse errors are.
func TestValueErrorsHaveUsageLine(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--frame-budget", "-4ms", seq}, "btlua: --frame-budget must not be negative, got -4ms\n"},
		{[]string{"--budget", "-1s", seq}, "btlua: --budget must not be negative, got -1s\n"},
		{[]string{"--ticks", "-1", seq}, "btlua: --ticks must not be negative, got -1\n"},
		{[]string{"--memory-limit", "-1", seq}, "btlua: --memory-limit and --max-string must not be negative, got -1 and 64\n"},
		{[]string{"--memory-limit", "17592186044616", seq}, "btlua: --memory-limit must be at most 17592186044415 MiB (2^64 bytes less one MiB), got 17592186044616\n"},
		{[]string{"--max-string", "17592186044417", seq}, "btlua: --max-string must be at most 8796093022207 MiB (2^63 bytes less one MiB), got 17592186044417\n"},
		{[]string{"--hz", "0", seq}, "btlua: --hz must be a number of ticks per second from 0.01 to 1e+06, got 0\n"},
		{[]string{"--execution-type", "x", seq}, "btlua: --execution-type must be noduplicates or count, got \"x\"\n"},
		{[]string{"--on-error", "x", seq}, "btlua: --on-error must be stop, restart or fail, got \"x\"\n"},
		{[]string{"--max-task-executions", "0", seq}, "btlua: --max-task-executions must be at least 1, got 0\n"},
		{[]string{"--tick-interval", "-1", seq}, "btlua: --tick-interval must be a finite number of seconds >= 0, got -1\n"},
		{[]string{"--shards", "-2", seq}, "btlua: --shards must not be negative, got -2\n"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage || out != "" || errOut != c.msg+usageHint {
			t.Errorf("btlua %q: code %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errOut, c.msg+usageHint)
		}
	}
}
