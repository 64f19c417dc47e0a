package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// With --save, a Ctrl-C that comes while a tick runs a script lets that
// tick end (within the grace) instead of stopping the script midway: the
// agent is then whole, and the save is written. (Without --save the first
// Ctrl-C stops the script at once.)
func TestSaveAtInterruptDuringTick(t *testing.T) {
	catchStraySIGINT(t)
	dir := t.TempDir()
	mark := filepath.Join(dir, "busy")
	script := filepath.Join(dir, "walk.lua")
	src := `
Walk = BTAction:New()
function Walk:New() local o = {steps = 0, name = "walk"}; setmetatable(o, self); self.__index = self; return o end
function Walk:OnUpdate()
  self.steps = self.steps + 1
  if self.steps > 5 then print(self.steps) end
  if self.steps == 5 then
    local f = io.open([[` + mark + `]], "w"); f:write("x"); f:close()
    local stop = os.clock() + 1 -- still in the tick when the Ctrl-C comes
    while os.clock() < stop do end
  end
  return BTTaskStatus.Running
end
return Walk:New()
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
	save := filepath.Join(dir, "s.json")
	code, out, errOut := runCLI("--fast", "--save", save, script)
	if code != exitInterrupted || out != "" {
		t.Fatalf("code %d, stdout %q, stderr %q; want %d and no output (the run ends after tick 5)", code, out, errOut, exitInterrupted)
	}
	if _, err := os.Stat(save); err != nil {
		t.Fatalf("no save written: %v; stderr %q", err, errOut)
	}
	code, out, errOut = runCLI("--fast", "--restore", save, "--ticks", "1", script)
	if code != exitOK || errOut != "" {
		t.Fatalf("--restore: code %d, stderr %q", code, errOut)
	}
	if n, err := strconv.Atoi(strings.TrimSpace(out)); err != nil || n != 6 {
		t.Errorf("the restored walk printed %q, want 6 (it goes on from step 5)", out)
	}
}
