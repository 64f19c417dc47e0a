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

// btlua --ticks k --save s.json x.lua, then btlua --restore s.json
// --ticks 40-k x.lua, prints what btlua --ticks 40 x.lua prints, for the
// warrior and the lumberjack (plain and gzipped saves, several k).
func TestSaveRestoreRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"warrior.lua", "lumberjack.lua"} {
		script := filepath.Join("..", "..", "scripts", name)
		code, full, errOut := runCLI("--fast", "--ticks", "40", script)
		if code != exitOK || errOut != "" {
			t.Fatalf("%s: code %d, stderr %q", name, code, errOut)
		}
		for _, k := range []int{1, 8, 20} {
			for _, file := range []string{"s.json", "s.json.gz"} {
				save := filepath.Join(dir, file)
				code, first, errOut := runCLI("--fast", "--ticks", strconv.Itoa(k), "--save", save, script)
				if code != exitOK || errOut != "" {
					t.Fatalf("%s k=%d: --save: code %d, stderr %q", name, k, code, errOut)
				}
				code, rest, errOut := runCLI("--fast", "--restore", save, "--ticks", strconv.Itoa(40-k), script)
				if code != exitOK || errOut != "" {
					t.Fatalf("%s k=%d: --restore: code %d, stderr %q", name, k, code, errOut)
				}
				if first+rest != full {
					t.Fatalf("%s k=%d %s: printed\n%s\n--- then\n%s\nwant\n%s", name, k, file, first, rest, full)
				}
			}
		}
	}
}

// A script whose state cannot be saved is refused at --save before its
// first tick, saying why; --restore of another script's save is refused.
func TestSaveRefusesAndRestoreChecks(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.lua")
	os.WriteFile(bad, []byte(`
local n = 0
local a = BTAction:New()
a.name = "counter"
function a:OnUpdate() n = n + 1; print(n); return BTTaskStatus.Running end
return a
`), 0o644)
	code, out, errOut := runCLI("--fast", "--ticks", "3", "--save", filepath.Join(dir, "s.json"), bad)
	want := "btlua: --save " + filepath.Join(dir, "s.json") + ": this script cannot be saved: saving agent counter (" + bad +
		"): task counter (BTAction) field OnUpdate holds a function with upvalues (state a save cannot see; keep it in fields, or list the field in saveSkip), which a save cannot hold\n"
	if code != exitFailed || out != "" || errOut != want {
		t.Fatalf("code %d, stdout %q, stderr\n%q\nwant\n%q", code, out, errOut, want)
	}
	save := filepath.Join(dir, "w.json")
	warrior := filepath.Join("..", "..", "scripts", "warrior.lua")
	if code, _, errOut := runCLI("--fast", "--ticks", "2", "--save", save, warrior); code != exitOK {
		t.Fatalf("--save: %d %s", code, errOut)
	}
	code, out, errOut = runCLI("--fast", "--restore", save, bad)
	if code != exitFailed || out != "" || !strings.Contains(errOut, "the save holds agents of "+warrior+", not of "+bad) {
		t.Fatalf("restore of another script: code %d, stdout %q, stderr %q", code, out, errOut)
	}
	os.WriteFile(save, []byte(`{"format":"btlua-save","version":4,"loads":[]}`), 0o644)
	code, _, errOut = runCLI("--fast", "--restore", save, warrior)
	if want := "btlua: --restore " + save + ": bad save: version 4; this btlua reads versions 1 to 3\n"; code != exitFailed || errOut != want {
		t.Fatalf("foreign version: code %d, stderr %q, want %q", code, errOut, want)
	}
}

// A Ctrl-C ends the run and --save still writes the save, of the ticks
// made: btlua exits 130, and the save restores at that tick.
func TestSaveAtInterrupt(t *testing.T) {
	catchStraySIGINT(t)
	dir := t.TempDir()
	mark := filepath.Join(dir, "ticked")
	script := filepath.Join(dir, "walk.lua")
	src := `
Walk = BTAction:New()
function Walk:New() local o = {steps = 0, name = "walk"}; setmetatable(o, self); self.__index = self; return o end
function Walk:OnUpdate()
  self.steps = self.steps + 1
  if self.steps == 5 then local f = io.open([[` + mark + `]], "w"); f:write("x"); f:close() end
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
	code, _, errOut := runCLI("--hz", "200", "--save", save, script)
	if code != exitInterrupted {
		t.Fatalf("code %d, stderr %q; want %d", code, errOut, exitInterrupted)
	}
	data, err := os.ReadFile(save)
	if err != nil {
		t.Fatalf("no save written at Ctrl-C: %v", err)
	}
	if !strings.Contains(string(data), `"steps",`) || !strings.Contains(string(data), `"format":"btlua-save"`) {
		t.Fatalf("the save lacks the task's steps: %s", data)
	}
	code, _, errOut = runCLI("--fast", "--restore", save, "--ticks", "1", script)
	if code != exitOK || errOut != "" {
		t.Fatalf("--restore: code %d, stderr %q", code, errOut)
	}
}
