package main

import (
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

var factoryScript = filepath.Join("testdata", "agents_factory.lua")

// statsLines matches the figures --agents prints after the run (timings
// and memory vary; their form does not).
var statsLines = regexp.MustCompile(`^btlua: [0-9.e+]+ agent-ticks/s, [0-9]+ ns/agent-tick \(time spent in Tick, not the sleeps between ticks\)\n` +
	`btlua: build [0-9.]+ µs/agent; peak heap [0-9.]+ MiB, peak RSS [0-9.]+ MiB\n$`)

// agentTicksLine is the rest of the first line of the figures, after
// "agent-ticks ".
var agentTicksLine = regexp.MustCompile(`^[0-9]+ \(agents running at each tick\)\n`)

// --agents N spawns N agents of a factory script (with index and count)
// over --shards Lua states; their print output is in agent order on
// stdout, and the figures on stderr.
func TestAgentsFlagFactory(t *testing.T) {
	code, out, errOut := runCLI("--agents", "4", "--shards", "3", "--fast", "--ticks", "3", factoryScript)
	want := "agent1/4 1\nagent2/4 1\nagent3/4 1\nagent4/4 1\nagent1/4 2\nagent2/4 2\nagent3/4 2\nagent4/4 2\n"
	if code != exitOK || out != want {
		t.Fatalf("code %d, stdout %q, stderr %q", code, out, errOut)
	}
	head, rest, _ := strings.Cut(errOut, "\n")
	if head != "btlua: agents 4, shards 3, ticks 3, agent-ticks 12 (agents running at each tick)" || !statsLines.MatchString(rest) {
		t.Fatalf("stderr %q", errOut)
	}
}

// A script that returns a tree is loaded N times (after the warning that
// the loads share globals); without --shards, the agents are spread over
// one state per core (GOMAXPROCS).
func TestAgentsFlagTrees(t *testing.T) {
	code, out, errOut := runCLI("--agents", "3", "--fast", "--ticks", "2", seq)
	warning, figures, _ := strings.Cut(errOut, "\n")
	if code != exitOK || out != strings.Repeat("22\n", 6) || !strings.HasPrefix(warning, "btlua: warning: --agents 3 loads "+seq+" 3 times") {
		t.Fatalf("code %d, stdout %q, stderr %q", code, out, errOut)
	}
	head, rest, _ := strings.Cut(figures, "\n")
	if want := fmt.Sprintf("btlua: agents 3, shards %d, ticks 2, agent-ticks 6 (agents running at each tick)", min(runtime.GOMAXPROCS(0), 3)); head != want || !statsLines.MatchString(rest) {
		t.Fatalf("stderr %q, want %q first", errOut, want)
	}
}

// Bad --agents and --shards values are usage errors.
func TestAgentsFlagErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--agents", "-1", seq}, "btlua: --agents must be at least 1 (the number of instances of the script's tree), got -1\n"},
		{[]string{"--agents", "0", seq}, "btlua: --agents must be at least 1 (the number of instances of the script's tree), got 0\n"},
		{[]string{"--shards", "-2", seq}, "btlua: --shards must not be negative, got -2\n"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage || out != "" || !strings.HasPrefix(errOut, c.msg) {
			t.Errorf("btlua %v: code %d, stdout %q, stderr %q; want 2 and %q first", c.args, code, out, errOut, c.msg)
		}
	}
}

// --shards given is Options.Shards; without it, --agents above 1 gives
// one shard per core and anything else the classic host (0), with which
// --trace, --record and --inspect work. Either way there are at most as
// many shards as agents (loads of the script): a shard is a Lua state.
func TestShardsFlagResolved(t *testing.T) {
	for _, c := range []struct {
		args   []string
		shards int
	}{
		{[]string{seq}, 0},
		{[]string{"--trace", seq}, 0},
		{[]string{"--agents", "1", seq}, 0},
		{[]string{"--agents", "3", seq}, min(runtime.GOMAXPROCS(0), 3)},
		{[]string{"--agents", "3", "--shards", "0", "--trace", seq}, 0},
		{[]string{"--shards", "1", seq}, 1},
		{[]string{"--agents", "3", "--shards", "2", seq}, 2},
		{[]string{"--shards", "5000", seq}, 1},
		{[]string{"--agents", "3", "--shards", "5000", seq}, 3},
		{[]string{"--agents", "1", "--shards", "4", seq}, 1},
		{[]string{"--agents", "1000", "--shards", "100000", seq}, 256},
	} {
		cfg, err := parseArgs(c.args, io.Discard)
		if err != nil || cfg.shards != c.shards {
			t.Errorf("btlua %v: config %+v, error %v; want shards %d", c.args, cfg, err, c.shards)
		}
	}
}

// Agents that read and write a global variable during their ticks print
// the same lines with --shards 1, 2 and 3 (all agents of a tick read the
// frame-start value; the last in agent order, agent3, writes last), and
// with --shards 0, the classic host, each reads what the ones before it
// wrote.
func TestShardsFlagGlobals(t *testing.T) {
	script := filepath.Join("testdata", "agents_globals.lua")
	sharded := "agent1 reads 0\nagent2 reads 0\nagent3 reads 0\nagent1 reads 3\nagent2 reads 3\nagent3 reads 3\n"
	for _, c := range []struct{ shards, want string }{
		{"1", sharded}, {"2", sharded}, {"3", sharded},
		{"0", "agent1 reads 0\nagent2 reads 1\nagent3 reads 3\nagent1 reads 6\nagent2 reads 7\nagent3 reads 9\n"},
	} {
		code, out, errOut := runCLI("--agents", "3", "--shards", c.shards, "--fast", "--ticks", "2", script)
		if code != exitOK || out != c.want || !strings.HasPrefix(errOut, "btlua: agents 3, shards "+c.shards+", ticks 2, agent-ticks 6 (agents running at each tick)\n") {
			t.Errorf("--shards %s: code %d, stdout %q, stderr %q; want stdout %q", c.shards, code, out, errOut, c.want)
		}
	}
}

// --shards 5000 on one agent makes one Lua state, not 5000: the report
// names the shards the host has.
func TestShardsFlagCappedToAgents(t *testing.T) {
	code, out, errOut := runCLI("--agents", "2", "--shards", "5000", "--fast", "--ticks", "1", seq)
	notice, rest, _ := strings.Cut(errOut, "\n")
	_, figures, _ := strings.Cut(rest, "\n") // after the warning that the loads share globals
	if code != exitOK || out != "22\n22\n" || notice != "btlua: --shards 5000 is capped to 2, the number of agents (each shard is a Lua state of its own agents)" || !strings.HasPrefix(figures, "btlua: agents 2, shards 2, ticks 1, agent-ticks 2 (agents running at each tick)\n") {
		t.Fatalf("code %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// --agents N on the classic host (--shards 0) with --trace reports the N
// agents and the throughput after the trace, though the trace closes the
// host before the figures are printed.
func TestAgentsFlagClassicTrace(t *testing.T) {
	code, _, errOut := runCLI("--agents", "3", "--shards", "0", "--trace", "--fast", "--ticks", "2", seq)
	_, figures, _ := strings.Cut(errOut, "btlua: agents 3, shards 0, ticks 2, agent-ticks 6 (agents running at each tick)\n")
	if code != exitOK || !statsLines.MatchString(figures) {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
}

// With --memory-limit, agent 2 of agents_memory.lua keeps about 5 MiB a
// tick and the others about 100 KiB: agent 2 alone is stopped, and
// stderr is the same line with any shard count (the blame is measured
// per agent between ticks; the heap the stopped agent keeps no longer
// counts against the others). The classic host may also stop agent 2
// in the middle of a tick (its watchdog's reading, whose timing varies).
// Each run has a process of its own, as a user's has: the limit reads the
// process's heap.
func TestAgentsMemoryLimitBlamesTheGuiltyOnly(t *testing.T) {
	script := filepath.Join("testdata", "agents_memory.lua")
	want := "btlua: memory limit of 50 MiB exceeded (the heap grew over it in ticks of agent agent2 (" + script + ", factory return value 1), which allocated most)\n"
	midTick := "btlua: " + script + ":7: memory limit of 50 MiB exceeded (task Hog; tick of agent agent2, " + script + " factory return value 1)\n"
	for _, shards := range []string{"0", "1", "2", "4"} {
		// A budget of a minute: under the race detector on a busy machine
		// agent 2's tick can take over the default 2 s (it is the memory
		// limit that must stop it here).
		code, out, errOut := runAlone(t, "--fast", "--ticks", "20", "--memory-limit", "50", "--budget", "60s", "--agents", "4", "--shards", shards, script)
		errors, figures, _ := strings.Cut(errOut, "btlua: agents 4, shards "+shards+", ticks 20, agent-ticks ")
		figures = agentTicksLine.ReplaceAllString(figures, "") // 60 and the ticks of agent 2, varying
		if code != exitFailed || out != "" || !(errors == want || shards == "0" && errors == midTick) || !statsLines.MatchString(figures) {
			t.Errorf("--shards %s: code %d, stdout %q, stderr %q; want 1 and %q first", shards, code, out, errOut, want)
		}
	}
}

// countScript is the newcomer's script: a class whose method counts in a
// chunk local. Loaded twice into one Lua state, both agents run the last
// load's class and share its counter.
const countScript = `local count = 0
C = BTAction:New()
function C:OnUpdate() count = count + 1; print("count", count); if count >= 2 then return BTTaskStatus.Success end return BTTaskStatus.Running end
local t = BTBehaviorTree:New(); t:SetStartTask(C:New()); return t
`

// --agents N above 1 with a script that returns a tree (not a factory)
// loads it N times and says, on one line of stderr before the figures,
// that loads in one Lua state share its globals; a factory script gets
// no such line, nor does --agents 1.
func TestAgentsFlagSharedLoadsWarn(t *testing.T) {
	p := writeLua(t, countScript)
	warn := "btlua: warning: --agents 2 loads " + p + " 2 times, and loads in one Lua state share its globals (classes, and the chunk locals their methods use), so the agents are not independent and results depend on --shards; return a factory function for independent agents (docs/agents-on-every-core.md)\n"
	for _, shards := range []string{"0", "1", "2"} {
		code, _, errOut := runCLI("--fast", "--agents", "2", "--shards", shards, p)
		if code != exitOK || !strings.HasPrefix(errOut, warn) || strings.Count(errOut, "warning") != 1 {
			t.Errorf("--shards %s: code %d, stderr %q; want %q first", shards, code, errOut, warn)
		}
	}
	for _, args := range [][]string{
		{"--fast", "--agents", "1", p},
		{"--fast", "--agents", "2", "--ticks", "1", factoryScript},
	} {
		if code, _, errOut := runCLI(args...); code != exitOK || strings.Contains(errOut, "warning") {
			t.Errorf("%q: code %d, stderr %q; want no warning", args, code, errOut)
		}
	}
	code, _, errOut := runCLI("--fast", "--agents", "2", "--ticks", "3", filepath.Join("..", "..", "scripts", "warrior.lua"))
	if code != exitOK || !strings.Contains(errOut, "btlua: warning: --agents 2 loads") {
		t.Errorf("warrior.lua: code %d, stderr %q; want it to run, with the warning", code, errOut)
	}
}

// A factory script run without --agents starts one agent, as --agents 1
// does ({index = 1, count = 1}), with no figures.
func TestFactoryScriptAlone(t *testing.T) {
	code, out, errOut := runCLI("--fast", "--ticks", "3", factoryScript)
	if code != exitOK || out != "agent1/1 1\nagent1/1 2\n" || errOut != "" {
		t.Fatalf("code %d, stdout %q, stderr %q", code, out, errOut)
	}
}
