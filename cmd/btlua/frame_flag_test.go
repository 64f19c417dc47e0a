package main

import (
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

var clockScript = filepath.Join("testdata", "agents_clock.lua")

// frameStatsLines matches the figures --agents prints after the run of a
// scheduled host: the rates and build lines around the lag line, whose
// figures the test gives.
func frameStatsLines(lag string) *regexp.Regexp {
	return regexp.MustCompile(`^btlua: [0-9.e+]+ agent-ticks/s, [0-9]+ ns/agent-tick \(time spent in Tick, not the sleeps between ticks\)\n` +
		regexp.QuoteMeta(lag) + "\n" +
		`btlua: build [0-9.]+ µs/agent; peak heap [0-9.]+ MiB, peak RSS [0-9.]+ MiB\n$`)
}

// --tick-interval gives every agent after the first --near ones its
// interval: agent 1 ticks every tick, agents 2 and 3 every 0.2 s (at once
// the first time); --agents counts the agent-ticks made and reports the
// lag (none without a budget). The same for the classic host and shards.
func TestTickIntervalFlag(t *testing.T) {
	want := "1@1 2@1 3@1 1@2 1@3 2@3 3@3 1@4 1@5 2@5 3@5 1@6 1@7 2@7 3@7"
	for _, shards := range []string{"0", "2"} {
		code, out, errOut := runCLI("--agents", "3", "--shards", shards, "--fast", "--hz", "10", "--ticks", "7",
			"--tick-interval", "0.2", "--near", "1", clockScript)
		if code != exitOK || strings.Join(strings.Fields(out), " ") != want {
			t.Fatalf("shards %s: code %d, stdout %q, want %q; stderr %q", shards, code, out, want, errOut)
		}
		head, rest, _ := strings.Cut(errOut, "\n")
		if head != "btlua: agents 3, shards "+shards+", ticks 7, agent-ticks 15 (agents running at each tick)" ||
			!frameStatsLines("btlua: frame schedule: lag max 0.0 ms, p99 0.0 ms; 0 of 15 agent-ticks late").MatchString(rest) {
			t.Errorf("shards %s: stderr %q", shards, errOut)
		}
	}
}

// A --frame-budget shorter than any tick ticks one agent a tick on each
// lane (a shard ticking at once with the others; so does the first tick,
// where no cost is known yet), round-robin; the lag of the agents that
// waited is reported. --agents places agents 1 and 2 on shard 0, agent 3
// on shard 1.
func TestFrameBudgetFlag(t *testing.T) {
	want, ticks, lag := "1@1 2@2 3@3 1@4 2@5", "5", "lag max 200.0 ms, p99 200.0 ms; 4 of 5 agent-ticks late"
	if runtime.GOMAXPROCS(0) >= 2 { // two lanes: agent 3 ticks every tick
		want, ticks, lag = "1@1 3@1 2@2 3@2 1@3 3@3 2@4 3@4 1@5 3@5", "10", "lag max 100.0 ms, p99 100.0 ms; 4 of 10 agent-ticks late"
	}
	code, out, errOut := runCLI("--agents", "3", "--shards", "2", "--fast", "--hz", "10", "--ticks", "5",
		"--frame-budget", "1ns", clockScript)
	if code != exitOK || strings.Join(strings.Fields(out), " ") != want {
		t.Fatalf("code %d, stdout %q, want %q; stderr %q", code, out, want, errOut)
	}
	head, rest, _ := strings.Cut(errOut, "\n")
	if head != "btlua: agents 3, shards 2, ticks 5, agent-ticks "+ticks+" (agents running at each tick)" ||
		!frameStatsLines("btlua: frame schedule: "+lag).MatchString(rest) {
		t.Errorf("stderr %q", errOut)
	}
}

// Bad values of the frame schedule's flags are usage errors naming them.
func TestFrameFlagsErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--frame-budget", "-1ms", clockScript}, "btlua: --frame-budget must not be negative, got -1ms\n"},
		{[]string{"--frame-budget", "4", clockScript}, `btlua: --frame-budget wants a duration such as 4ms, got "4"` + "\n"},
		{[]string{"--tick-interval", "-0.5", clockScript}, "btlua: --tick-interval must be a finite number of seconds >= 0, got -0.5\n"},
		{[]string{"--tick-interval", "NaN", clockScript}, "btlua: --tick-interval must be a finite number of seconds >= 0, got NaN\n"},
		{[]string{"--tick-interval", "Inf", clockScript}, "btlua: --tick-interval must be a finite number of seconds >= 0, got +Inf\n"},
		{[]string{"--tick-interval", "fast", clockScript}, `btlua: --tick-interval wants a number of seconds, got "fast"` + "\n"},
		{[]string{"--near", "-3", clockScript}, "btlua: --near must not be negative, got -3\n"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage || out != "" || !strings.HasPrefix(errOut, c.msg) {
			t.Errorf("btlua %v: code %d, stdout %q, stderr %q; want 2 and %q first", c.args, code, out, errOut, c.msg)
		}
	}
}

// --near names the agents that keep ticking every tick while the rest
// tick at --tick-interval: without --tick-interval, or with as many near
// agents as agents (none left to slow), it would do nothing, and is a
// usage error saying why, with the usage line. Without --agents, the
// agents are counted after the load: still a usage error.
func TestNearFlagErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--agents", "3", "--near", "2", clockScript},
			"btlua: --near 2 needs --tick-interval: the agents after the first 2 tick at that interval, and without it every agent ticks every tick\n"},
		{[]string{"--near", "10", "--agents", "4", clockScript},
			"btlua: --near 10 needs --tick-interval: the agents after the first 10 tick at that interval, and without it every agent ticks every tick\n"},
		{[]string{"--near", "10", "--agents", "4", "--tick-interval", "0.1", clockScript},
			"btlua: --near 10 leaves none of the 4 agents to tick at --tick-interval 0.1: give --near below --agents\n"},
		{[]string{"--near", "4", "--agents", "4", "--tick-interval", "0.1", clockScript},
			"btlua: --near 4 leaves none of the 4 agents to tick at --tick-interval 0.1: give --near below --agents\n"},
		{[]string{"--near", "1", "--tick-interval", "0.1", "--fast", "--ticks", "1", clockScript},
			"btlua: --near 1 leaves none of the 1 agents to tick at --tick-interval 0.1: give --near below --agents\n"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage || out != "" || errOut != c.msg+usageHint {
			t.Errorf("btlua %v: code %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errOut, c.msg+usageHint)
		}
	}
}
