package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// One Ctrl-C while several agents each loop forever in the same tick
// stops every one of them as it runs, not only the first (the mark file
// and the loop share a line: the interrupt may come in either): the run exits
// 130 with each agent's "interrupted" error and without waiting for the
// grace (no "does not end within" message).
func TestInterruptStopsEveryLoopingAgent(t *testing.T) {
	dir := t.TempDir()
	mark := filepath.Join(dir, "spinning")
	makeMark(t, mark)
	script := filepath.Join(dir, "spin.lua")
	src := `Spin = BTAction:New()
function Spin:OnUpdate()
    local f = io.open(` + "[[" + mark + "]]" + `, "w"); f:write("x"); f:close(); while true do end
end
local function spinner(n)
    local s = Spin:New()
    s.name = "Spin" .. n
    return s
end
return {spinner(1), spinner(2), spinner(3)}
`
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	p := startCLI(t, "--fast", script)
	waitFile(t, mark)
	p.interrupt(t)
	if !p.wait(time.Minute) {
		t.Fatal("btlua did not exit within a minute")
	}
	want := ""
	for n, line := range []string{"3", "3", "3"} {
		name := "Spin" + string(rune('1'+n))
		want += "btlua: " + script + ":" + line + ": interrupted (task " + name + "; tick of agent " + name + ", " + script + " return value 1[" + string(rune('1'+n)) + "])\n"
	}
	if got := p.errOut.String(); p.code != exitInterrupted || got != want {
		t.Errorf("code %d, stderr:\n%s\nwant %d and:\n%s", p.code, got, exitInterrupted, want)
	}
}

// The same on a sharded host (--agents 3 --shards 2: agents 1 and 2 in
// shard 0, agent 3 in shard 1, ticked in parallel): one Ctrl-C stops all
// three, each with its "interrupted" error, in agent order.
func TestInterruptStopsEveryLoopingAgentSharded(t *testing.T) {
	dir := t.TempDir()
	mark := filepath.Join(dir, "spinning")
	makeMark(t, mark)
	script := filepath.Join(dir, "spin.lua")
	src := `Spin = BTAction:New()
Spin.name = "Spin"
function Spin:OnUpdate()
    local f = io.open(` + "[[" + mark + "]]" + `, "w"); f:write("x"); f:close(); while true do end
end
return function(args) return Spin:New() end
`
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	p := startCLI(t, "--fast", "--agents", "3", "--shards", "2", script)
	waitFile(t, mark)
	p.interrupt(t)
	if !p.wait(time.Minute) {
		t.Fatal("btlua did not exit within a minute")
	}
	want := fmt.Sprintf("btlua: %s:4: interrupted (task Spin; tick of agent 1, %s factory return value 1)\n", script, script) +
		"btlua: (the same error in 2 more agents: 2, 3)\n"
	want += "btlua: agents 3, shards 2, ticks 1, agent-ticks 3 (agents running at each tick)\n"
	got := p.errOut.String()
	if p.code != exitInterrupted || !strings.HasPrefix(got, want) || !statsLines.MatchString(got[len(want):]) {
		t.Errorf("code %d, stderr:\n%s\nwant %d and:\n%s(the figures)", p.code, got, exitInterrupted, want)
	}
}
