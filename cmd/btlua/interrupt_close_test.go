package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// stuckOnEnd is the newcomer's script: a task that runs until the ticks
// run out, whose OnEnd (at Close) touches MARK and then loops forever.
const stuckOnEnd = `A = BTAction:New()
function A:OnUpdate() return BTTaskStatus.Running end
function A:OnEnd()
    local f = io.open(MARK, "w"); f:write("x"); f:close()
    while true do end
end
local t = BTBehaviorTree:New(); t:SetStartTask(A:New()); return t
`

// A Ctrl-C while an OnEnd at exit is stuck in an endless loop ends the
// run with 130: after a grace of stuckTick for the OnEnds to finish,
// btlua interrupts the one running (with a budget) or exits (--budget 0),
// saying the OnEnds do not end; a second Ctrl-C does so without the
// grace, saying it was interrupted twice. The OnEnd loops forever, so a
// run still going 30 s after the Ctrl-C did not stop; the time it took is
// logged.
func TestInterruptStuckOnEndAtExit(t *testing.T) {
	for _, c := range []struct {
		name   string
		budget string
		twice  bool
		says   string
	}{
		{"budget 0", "0", false, "btlua: interrupted, but the OnEnds at exit do not end"},
		{"budget 10s", "10s", false, "btlua: interrupted, but the OnEnds at exit do not end"},
		{"budget 0, twice", "0", true, "btlua: interrupted twice"},
		{"budget 10s, twice", "10s", true, "btlua: interrupted twice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			mark := filepath.Join(dir, "ending")
			makeMark(t, mark)
			script := filepath.Join(dir, "onendloop.lua")
			if err := os.WriteFile(script, []byte("MARK = [["+mark+"]]\n"+stuckOnEnd), 0o644); err != nil {
				t.Fatal(err)
			}
			p := startCLI(t, "--budget", c.budget, "--ticks", "3", script)
			waitFile(t, mark)
			p.interrupt(t)
			sent := time.Now()
			if c.twice {
				// Apart, so that the two signals are not merged into one.
				time.Sleep(200 * time.Millisecond)
				p.interrupt(t)
			}
			if !p.wait(30 * time.Second) {
				t.Fatalf("still running %v after Ctrl-C; stderr %q", time.Since(sent), p.errOut.String())
			}
			t.Logf("ended %v after the Ctrl-C", time.Since(sent))
			if p.code != exitInterrupted || !strings.Contains(p.errOut.String(), c.says) {
				t.Errorf("code %d, stderr %q; want %d and %q", p.code, p.errOut.String(), exitInterrupted, c.says)
			}
		})
	}
}

// A Ctrl-C while the run waits for its next tick ends it and still lets
// the OnEnds of Close run whole (here 0.3 s of CPU): the run exits 130
// after them. (A Ctrl-C inside a task's Lua code stops that agent with
// "interrupted" instead, and its OnEnds do not run: see
// TestInterruptInsideTick.) The trace line of tick 1 is
// written once its Lua code has run; the next tick is 2 s away.
func TestInterruptBetweenTicksLetsOnEndsRun(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "hold.lua")
	src := `Hold = BTAction:New()
function Hold:OnUpdate()
    return BTTaskStatus.Running
end
function Hold:OnEnd()
    local stop = os.clock() + 0.3
    while os.clock() < stop do end
    print("end done")
end
return Hold:New()
`
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	p := startCLI(t, "--hz", "0.5", "--trace", script)
	waitOutput(t, &p.errOut, "tick 1 Hold: Hold: Inactive -> Running\n")
	p.interrupt(t)
	if !p.wait(5 * time.Second) {
		t.Fatalf("still running after Ctrl-C; stderr %q", p.errOut.String())
	}
	if p.code != exitInterrupted || p.out.String() != "end done\n" {
		t.Errorf("code %d, stdout %q, stderr %q; want %d and the OnEnd run whole", p.code, p.out.String(), p.errOut.String(), exitInterrupted)
	}
}
