package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Ctrl-C while a script is stuck in an endless loop interrupts it and
// exits 130, as between two ticks: the interrupted agent is not a failure
// of the run.
func TestInterruptInsideTick(t *testing.T) {
	dir := t.TempDir()
	mark := filepath.Join(dir, "spinning")
	script := filepath.Join(dir, "spin.lua")
	src := `Spin = BTAction:New()
Spin.name = "Spin"
function Spin:OnUpdate()
    local f = io.open(` + "[[" + mark + "]]" + `, "w"); f:write("x"); f:close()
    while true do end
end
return Spin:New()
`
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	touched := makeMark(t, mark)
	go func() {
		select {
		case <-touched:
			_ = syscall.Kill(os.Getpid(), syscall.SIGINT)
		case <-time.After(10 * time.Second):
		}
	}()
	code, _, errOut := runCLI("--fast", script)
	if code != exitInterrupted || !strings.Contains(errOut, "interrupted") {
		t.Errorf("code %d, stderr %q; want %d and the interruption", code, errOut, exitInterrupted)
	}
}

// An OnEnd that fails when the run ends (--ticks reached: Close halts
// the tasks still running) fails the run as an OnEnd failing in a tick
// does: exit 1, with or without --strict, and the message names the file,
// line, tree and task path as a tick's error does.
func TestOnEndErrorAtExit(t *testing.T) {
	p := writeLua(t, `Hold = BTAction:New()
Hold.name = "Hold"
function Hold:OnUpdate() return BTTaskStatus.Running end
function Hold:OnEnd() error("in end") end
local tree = BTBehaviorTree:New()
tree.name = "Guard"
local seq = BTSequence:New()
seq.name = "Seq"
seq:AddChild(Hold:New())
tree:SetStartTask(seq)
return tree
`)
	want := "btlua: OnEnd at Close: " + p + ":4: in end (tree Guard, task Seq/Hold[1])\n"
	for _, strict := range []bool{true, false} {
		args := []string{"--fast", "--ticks", "5", p}
		if strict {
			args = append(args, "--strict")
		}
		code, _, errOut := runCLI(args...)
		if code != exitFailed || errOut != want {
			t.Errorf("btlua %q: code %d, stderr %q; want %d and %q", args, code, errOut, exitFailed, want)
		}
	}
}

// --inspect on an address beyond loopback is allowed when asked for, with
// a warning: the page can pause the run and edit variables.
func TestInspectBeyondLoopbackWarns(t *testing.T) {
	code, _, errOut := runCLI("--fast", "--ticks", "2", "--inspect", "0.0.0.0:0", seq)
	if code != exitOK || !strings.Contains(errOut, "btlua: warning: the inspector is reachable beyond this machine") {
		t.Errorf("0.0.0.0: code %d, stderr %q", code, errOut)
	}
	code, _, errOut = runCLI("--fast", "--ticks", "2", "--inspect", "127.0.0.1:0", seq)
	if code != exitOK || strings.Contains(errOut, "warning") {
		t.Errorf("loopback: code %d, stderr %q", code, errOut)
	}
}
