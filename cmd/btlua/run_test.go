package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

var seq = filepath.Join("..", "..", "scripts", "sequence_running.lua")

func TestRunScript(t *testing.T) {
	want := "22\n22\n22\nThis is log!!!\n"
	for _, args := range [][]string{
		{"--fast", seq},
		{seq, "--fast"},
		{"-fast", "-hz", "30", seq},
		{seq, "--hz=1000"},
	} {
		code, out, errOut := runCLI(args...)
		if code != exitOK || out != want || errOut != "" {
			t.Errorf("btlua %v: code %d, stdout %q, stderr %q; want 0, %q, \"\"", args, code, out, errOut, want)
		}
	}
}

func TestTicksLimit(t *testing.T) {
	code, out, _ := runCLI("--fast", "--ticks", "2", seq)
	if code != exitOK || out != "22\n22\n" {
		t.Errorf("code %d, stdout %q; want 0, two lines of 22", code, out)
	}
}

func TestUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{}, "no script given"},
		{[]string{"--nope", seq}, "btlua: flag provided but not defined: --nope\n"},
		{[]string{"--hz", "0", seq}, "btlua: --hz must be a number of ticks per second from 0.01 to 1e+06, got 0"},
		{[]string{"--hz", "NaN", seq}, "got NaN"},
		{[]string{"--hz", "Inf", seq}, "got +Inf"},
		{[]string{"--ticks", "-1", seq}, "btlua: --ticks must not be negative"},
		{[]string{"--memory-limit", "-1", "--max-string", "2", seq}, "btlua: --memory-limit and --max-string must not be negative, got -1 and 2"},
		{[]string{"--hz", "fast", seq}, "btlua: --hz wants a number of ticks per second, got \"fast\"\n"},
		{[]string{seq, seq}, "more than one script given"},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, c.msg) {
			t.Errorf("btlua %v: code %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errOut, c.msg)
		}
	}
}

func TestHelpAndVersion(t *testing.T) {
	code, _, errOut := runCLI("--help")
	if code != exitOK || !strings.Contains(errOut, "usage: btlua [flags] script.lua") || !strings.Contains(errOut, "-fast") {
		t.Errorf("--help: code %d, stderr %q", code, errOut)
	}
	code, out, _ := runCLI("--version")
	if code != exitOK || out != "btlua "+version+"\n" {
		t.Errorf("--version: code %d, stdout %q", code, out)
	}
}

func TestScriptErrors(t *testing.T) {
	code, _, errOut := runCLI("--fast", "no/such/file.lua")
	if code != exitFailed || !strings.Contains(errOut, "btlua: no/such/file.lua: no such file\n") {
		t.Errorf("missing file: code %d, stderr %q", code, errOut)
	}
	bad := filepath.Join("..", "..", "tests", "testdata", "bad", "raises.lua")
	code, out, errOut := runCLI("--fast", bad)
	if code != exitFailed || out != "before\n" || !strings.Contains(errOut, "raises.lua:5: the guard lost its target (task patrol/boom[2])") {
		t.Errorf("raising script: code %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestTrace(t *testing.T) {
	par := filepath.Join("..", "..", "scripts", "parallel.lua")
	code, out, errOut := runCLI("--fast", "--trace", par)
	want := "tick 1 BTBehaviorTree: parallel: Inactive -> Running\n" +
		"tick 1 BTBehaviorTree: parallel/BTActionUniversal[1]: Inactive -> Running\n" +
		"tick 1 BTBehaviorTree: parallel/log[2]: Inactive -> Success\n" +
		"tick 4 BTBehaviorTree: parallel: Running -> Success\n" +
		"tick 4 BTBehaviorTree: parallel/BTActionUniversal[1]: Running -> Success\n"
	if code != exitOK || out != "22\nThis is log!!!\n22\n22\n" || errOut != want {
		t.Errorf("code %d\nstdout %q\nstderr %q\nwant stderr %q", code, out, errOut, want)
	}
}

// Every run that ends gets a trace line; one ended early says why.
func TestTraceEarlyEnds(t *testing.T) {
	script := filepath.Join("testdata", "trace_ends.lua")
	code, _, errOut := runCLI("--fast", "--hz", "10", "--trace", script)
	want := strings.Join([]string{
		"tick 1 abort: Seq: Inactive -> Running",
		"tick 1 abort: Seq/IsVisible[1]: Inactive -> Success",
		"tick 1 abort: Seq/Attack[2]: Inactive -> Running",
		"tick 1 timeout: Timeout: Inactive -> Running",
		"tick 1 timeout: Timeout/Dig[1]: Inactive -> Running",
		"tick 1 interrupt: Par: Inactive -> Running",
		"tick 1 interrupt: Par/Int[1]: Inactive -> Running",
		"tick 1 interrupt: Par/Int[1]/Long[1]: Inactive -> Running",
		"tick 1 interrupt: Par/Later[2]: Inactive -> Running",
		"tick 1 interrupt: Par/Later[2]/Step[1]: Inactive -> Running",
		"tick 1 parent: Par: Inactive -> Running",
		"tick 1 parent: Par/Fail[1]: Inactive -> Running",
		"tick 1 parent: Par/Walk[2]: Inactive -> Running",
		"tick 2 abort: Seq/IsVisible[1]: Success -> Success", // re-evaluated by the Self abort
		"tick 2 interrupt: Par/Later[2]: Running -> Success",
		"tick 2 interrupt: Par/Later[2]/Step[1]: Running -> Success",
		"tick 2 interrupt: Par/Later[2]/Stop[2]: Inactive -> Success",
		"tick 2 parent: Par: Running -> Failure",
		"tick 2 parent: Par/Fail[1]: Running -> Failure",
		"tick 2 parent: Par/Walk[2]: Running -> ended (by parent Par)",
		"tick 3 abort: Seq: Running -> Failure",
		"tick 3 abort: Seq/IsVisible[1]: Success -> Failure",
		"tick 3 abort: Seq/Attack[2]: Running -> ended (aborted by Seq/IsVisible[1])",
		"tick 3 timeout: Timeout: Running -> Failure",
		"tick 3 timeout: Timeout/Dig[1]: Running -> ended (timed out by Timeout)",
		"tick 3 interrupt: Par: Running -> Success",
		"tick 3 interrupt: Par/Int[1]: Running -> Success",
		"tick 3 interrupt: Par/Int[1]/Long[1]: Running -> ended (interrupted by Par/Int[1])",
	}, "\n") + "\n"
	if code != exitOK || errOut != want {
		t.Errorf("code %d\nstderr:\n%s\nwant:\n%s", code, errOut, want)
	}
}

// Tasks still running when the run stops (--ticks ran out, Ctrl-C) are
// halted when the host closes, and the trace says so.
func TestTraceHaltAtEnd(t *testing.T) {
	code, _, errOut := runCLI("--fast", "--ticks", "2", "--trace", filepath.Join("testdata", "forever.lua"))
	want := "tick 1 patrol: Seq: Inactive -> Running\n" +
		"tick 1 patrol: Seq/Walk[1]: Inactive -> Running\n" +
		"tick 2 patrol: Seq: Running -> ended (halted)\n" +
		"tick 2 patrol: Seq/Walk[1]: Running -> ended (halted)\n"
	if code != exitOK || errOut != want {
		t.Errorf("code %d\nstderr:\n%s\nwant:\n%s", code, errOut, want)
	}
}

// --trace prints the events of the GOAP agents that BTGoapAgentTasks run,
// after the tree's lines of the tick, under the task running the agent:
// the plan made for Try, aborted by GetAxe, the replan for Retry carried
// out.
func TestTraceGoap(t *testing.T) {
	code, _, errOut := runCLI("--fast", "--ticks", "6", "--trace", filepath.Join("..", "..", "inspect", "testdata", "woodcutter.lua"))
	want := strings.Join([]string{
		"tick 1 cutter: Root: Inactive -> Running",
		"tick 1 cutter: Root/Try[1]: Inactive -> Running",
		`tick 1 cutter: Root/Try[1]: goap: goal chosen "CreateGoalState" (priority 0)`,
		"tick 1 cutter: Root/Try[1]: goap: state popped Idle",
		"tick 1 cutter: Root/Try[1]: goap: state pushed PerformAction",
		`tick 1 cutter: Root/Try[1]: goap: plan made "CreateGoalState": GetAxe -> ChopLog (cost 6)`,
		"tick 2 cutter: Root/Try[1]: Running -> Failure",
		"tick 2 cutter: Root/Retry[2]: Inactive -> Running",
		"tick 2 cutter: Root/Try[1]: goap: action started GetAxe #1",
		"tick 2 cutter: Root/Try[1]: goap: action ended GetAxe #1 (aborted)",
		"tick 2 cutter: Root/Try[1]: goap: state popped PerformAction",
		"tick 2 cutter: Root/Try[1]: goap: state pushed Idle",
		`tick 2 cutter: Root/Try[1]: goap: plan aborted "CreateGoalState" by GetAxe`,
		`tick 2 cutter: Root/Retry[2]: goap: goal chosen "CreateGoalState" (priority 0)`,
		"tick 2 cutter: Root/Retry[2]: goap: state popped Idle",
		"tick 2 cutter: Root/Retry[2]: goap: state pushed PerformAction",
		`tick 2 cutter: Root/Retry[2]: goap: plan made "CreateGoalState": GetAxe -> ChopLog (cost 6)`,
		"tick 3 cutter: Root/Retry[2]: goap: action started GetAxe #1",
		"tick 4 cutter: Root/Retry[2]: goap: action ended GetAxe #1 (done)",
		"tick 4 cutter: Root/Retry[2]: goap: action started ChopLog #2",
		"tick 5 cutter: Root: Running -> Success",
		"tick 5 cutter: Root/Retry[2]: Running -> Success",
		"tick 5 cutter: Root/Retry[2]: goap: action ended ChopLog #2 (done)",
		"tick 5 cutter: Root/Retry[2]: goap: state popped PerformAction",
		"tick 5 cutter: Root/Retry[2]: goap: state pushed Idle",
		`tick 5 cutter: Root/Retry[2]: goap: plan finished "CreateGoalState"`,
	}, "\n") + "\n"
	if code != exitOK || errOut != want {
		t.Errorf("code %d\nstderr:\n%s\nwant:\n%s", code, errOut, want)
	}
}

// --execution-type count lets the Repeater restart its Sequence in the
// tick Fire ran: no drift.
func TestExecutionType(t *testing.T) {
	timer := filepath.Join("testdata", "timer.lua")
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "fire on tick 4 at 0.4 s\nfire on tick 8 at 0.8 s\nfire on tick 12 at 1.2 s\n"},
		{[]string{"--execution-type", "noduplicates"}, "fire on tick 4 at 0.4 s\nfire on tick 8 at 0.8 s\nfire on tick 12 at 1.2 s\n"},
		{[]string{"--execution-type", "count"}, "fire on tick 4 at 0.4 s\nfire on tick 7 at 0.7 s\nfire on tick 10 at 1.0 s\n"},
		{[]string{"--execution-type=Count", "--max-task-executions", "3"}, "fire on tick 4 at 0.4 s\nfire on tick 8 at 0.8 s\nfire on tick 12 at 1.2 s\n"},
	} {
		args := append(append([]string{"--fast", "--hz", "10"}, c.args...), timer)
		code, out, errOut := runCLI(args...)
		if code != exitOK || out != c.want || errOut != "" {
			t.Errorf("btlua %v: code %d\nstdout %q\nstderr %q\nwant stdout %q", args, code, out, errOut, c.want)
		}
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--execution-type", "sometimes", timer}, `btlua: --execution-type must be noduplicates or count, got "sometimes"`},
		{[]string{"--max-task-executions", "0", timer}, "btlua: --max-task-executions must be at least 1, got 0"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, c.msg) {
			t.Errorf("btlua %v: code %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errOut, c.msg)
		}
	}
}

// --dot prints the tree's graph, named after the tree (here its class:
// the script names only the task), with the tasks' arguments.
func TestDOT(t *testing.T) {
	par := filepath.Join("..", "..", "scripts", "parallel.lua")
	code, out, _ := runCLI("--dot", par)
	want := `digraph "BTBehaviorTree" {
  node [shape=box, style="rounded,filled", fillcolor=white, fontname="Helvetica"];
  n0 [label="parallel\n(BTParallel)\nInactive"];
  n1 [label="BTActionUniversal\n(BTActionUniversal)\nInactive\nargs: nil, function"];
  n0 -> n1;
  n2 [label="log\n(BTLog)\nInactive\nargs: \"This is log!!!\""];
  n0 -> n2;
}
`
	if code != exitOK || out != want {
		t.Errorf("code %d, --dot:\n%s\nwant:\n%s", code, out, want)
	}
}

// With --watch, a script that fails to load keeps btlua waiting for a
// fixed version (here until --ticks runs out); a missing file still exits.
func TestWatchBrokenScript(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.lua")
	if err := os.WriteFile(bad, []byte("if then\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI("--watch", "--fast", "--ticks", "3", bad)
	if code != exitOK || !strings.Contains(errOut, "bad.lua:1: syntax error near then") || !strings.Contains(errOut, "watching for a fixed version") {
		t.Errorf("code %d, stderr %q", code, errOut)
	}
	code, _, _ = runCLI("--watch", "--fast", filepath.Join(dir, "missing.lua"))
	if code != exitFailed {
		t.Errorf("missing file under --watch: code %d, want %d", code, exitFailed)
	}
}

// writeLua writes a script into a temporary folder and returns its path.
func writeLua(t *testing.T, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "ai.lua")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A script that returns no tree has run, but nothing was ticked: btlua
// says so and fails, unless --ticks asked for ticks anyway.
func TestNoTreeReturned(t *testing.T) {
	p := writeLua(t, `print("defined some classes")`)
	note := "btlua: " + p + " returned no behavior tree, so there is nothing to tick (end the script with return tree, a task, or a list of them)\n"
	code, out, errOut := runCLI("--fast", p)
	if code != exitFailed || out != "defined some classes\n" || errOut != note {
		t.Errorf("code %d, stdout %q, stderr %q; want %d, the print, %q", code, out, errOut, exitFailed, note)
	}
	code, out, errOut = runCLI("--fast", "--ticks", "3", p)
	if code != exitOK || out != "defined some classes\n" || errOut != note {
		t.Errorf("--ticks 3: code %d, stdout %q, stderr %q; want %d, the print, %q", code, out, errOut, exitOK, note)
	}
}

// The same tree returned twice is refused before any tick.
func TestSameTreeTwiceCLI(t *testing.T) {
	p := writeLua(t, "local t = BTBehaviorTree:New()\nt.name = \"patrol\"\nt:SetStartTask(BTLog:New(\"tick\"))\nreturn t, t\n")
	code, out, errOut := runCLI("--fast", p)
	want := "btlua: " + p + ": return value 2: the behavior tree patrol is return value 1 already; a tree is ticked by one agent (returned twice it would tick twice per frame)\n"
	if code != exitFailed || out != "" || errOut != want {
		t.Errorf("code %d, stdout %q, stderr %q; want %d, nothing, %q", code, out, errOut, exitFailed, want)
	}
}

// A decorator without a child stops its tree with the line that made it.
func TestDecoratorWithoutChildCLI(t *testing.T) {
	p := writeLua(t, "local s = BTSequence:New()\ns:AddChild(BTLog:New(\"first\"))\ns:AddChild(BTTimeout:New(2))\nreturn s\n")
	code, out, errOut := runCLI("--fast", p)
	want := "btlua: " + p + ":3: bt: decorator BTSequence/BTTimeout[2] has no child; add one with AddChild (task BTSequence/BTTimeout[2])\n"
	if code != exitFailed || out != "first\n" || errOut != want {
		t.Errorf("code %d, stdout %q, stderr %q; want %d, \"first\\n\", %q", code, out, errOut, exitFailed, want)
	}
}

// With --watch, a reload prints its line on stderr as "btlua: reloaded
// ..." (the host's report through the command's logger).
func TestWatchReloadLine(t *testing.T) {
	catchStraySIGINT(t)
	p := writeLua(t, speakerScript("v1"))
	var out, errOut syncBuffer
	done := make(chan int)
	go func() { done <- run([]string{"--watch", "--hz", "100", p}, &out, &errOut) }()
	waitOutput(t, &out, "v1\n") // the first tick: the file is watched
	if err := os.WriteFile(p, []byte(speakerScript("v2")), 0o644); err != nil {
		t.Fatal(err)
	}
	waitOutput(t, &out, "v2\n")
	// A --watch run goes on until Ctrl-C.
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	code := <-done
	// The Ctrl-C may come while a tick runs the script, which it then
	// stops where it is, saying so on a line of its own.
	line := regexp.MustCompile(`^btlua: reloaded .*ai\.lua in [0-9.]+(ns|µs|ms|s): classes Speaker \(changed Speaker\.OnUpdate\); running trees kept\n` +
		`(btlua: .*ai\.lua:2: interrupted \(task Speaker; tick of agent Speaker, .*ai\.lua return value 1\)\n)?$`)
	o := out.String()
	if code != exitInterrupted || !line.MatchString(errOut.String()) || !strings.HasPrefix(o, "v1\n") || !strings.HasSuffix(o, "v2\n") {
		t.Errorf("code %d, stderr %q, stdout %.40q...%q", code, errOut.String(), o, o[max(0, len(o)-10):])
	}
}

// speakerScript is a tree whose task prints word every tick, forever.
func speakerScript(word string) string {
	return `Speaker = BTAction:New()
function Speaker:OnUpdate() print("` + word + `") return BTTaskStatus.Running end
return Speaker:New()
`
}
