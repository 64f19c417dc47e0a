package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// stoppedNpc is a factory whose agent 4 raises an error at its second
// tick; every agent prints its count at ticks 3 and 8.
const stoppedNpc = `
Npc = BTAction:New()
function Npc:New(i)
    local o = {i = i}
    setmetatable(o, self)
    self.__index = self
    return o
end
function Npc:OnStart() self.n = 0 end
function Npc:OnUpdate()
    self.n = self.n + 1
    if self.i == 4 and self.n == 2 then error("agent 4 broke") end
    if self.n == 3 or self.n == 8 then print("npc " .. self.i .. " at " .. self.n) end
    return BTTaskStatus.Running
end
return function(args)
    local s = BTSequence:New()
    s:AddChild(Npc:New(args.index))
    local tree = BTBehaviorTree:New()
    tree:SetStartTask(s)
    return tree
end
`

// btlua --agents 4 --save of a run in which agent 4 stopped by an error
// writes the save, warning that agent 4 is saved stopped; --restore goes
// on with the three others (they print at their 8th tick) and agent 4
// stays stopped, said on stderr, and fails the run (exit 1) as it failed
// the saved one.
func TestSaveStoppedAgentCLI(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "npc.lua")
	if err := os.WriteFile(script, []byte(stoppedNpc), 0o644); err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(dir, "e.json")
	_, out, errOut := runCLI("--fast", "--agents", "4", "--ticks", "5", "--save", save, script)
	warn := "btlua: warning: --save " + save + ": agent 4 (" + script + ") was stopped by an error and is saved stopped (a restore brings it back stopped, with its error)\n"
	if !strings.Contains(errOut, warn) {
		t.Fatalf("stderr\n%s\nwant the line\n%s", errOut, warn)
	}
	if want := "npc 1 at 3\nnpc 2 at 3\nnpc 3 at 3\n"; out != want {
		t.Fatalf("stdout %q, want %q", out, want)
	}
	if _, err := os.Stat(save); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("--fast", "--restore", save, "--ticks", "5", script)
	want := "btlua: --restore " + save + ": agent 4 (" + script + ") was saved stopped by an error and stays stopped: " + script + ":12: agent 4 broke (agent 4, task BTSequence/Npc[1])\n"
	if code != exitFailed || errOut != want {
		t.Fatalf("--restore: code %d, stderr\n%q\nwant\n%q", code, errOut, want)
	}
	if want := "npc 1 at 8\nnpc 2 at 8\nnpc 3 at 8\n"; out != want {
		t.Fatalf("--restore printed %q, want %q", out, want)
	}
}
