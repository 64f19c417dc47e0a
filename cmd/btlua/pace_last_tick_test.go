package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestNoPaceAfterLastTick: the real-time loop waits for a next tick only
// when there is one. `btlua --ticks 1` used to wait a whole period (1/60
// s) after its only tick before exiting, and a tree that completes did
// the same after its last tick.
func TestNoPaceAfterLastTick(t *testing.T) {
	dir := t.TempDir()
	once := filepath.Join(dir, "once.lua")
	if err := os.WriteFile(once, []byte("local t = BTBehaviorTree:New()\nt:SetStartTask(BTLog:New(\"x\"))\nreturn t\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	running := filepath.Join(dir, "running.lua")
	if err := os.WriteFile(running, []byte("local t = BTBehaviorTree:New()\nt:SetStartTask(BTIdle:New())\nreturn t\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		out  string
		want int // waits for a next tick
	}{
		{"one tick", []string{"--ticks", "1", once}, "x\n", 0},
		{"completes", []string{once}, "x\n", 0},
		{"three ticks", []string{"--ticks", "3", running}, "", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			waits := 0
			paced = func() { waits++ }
			defer func() { paced = nil }()
			var stdout, stderr bytes.Buffer
			if code := run(append([]string{"--hz", "1000"}, tc.args...), &stdout, &stderr); code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			if stdout.String() != tc.out {
				t.Errorf("stdout %q, want %q", stdout.String(), tc.out)
			}
			if waits != tc.want {
				t.Errorf("%d waits for a next tick, want %d", waits, tc.want)
			}
		})
	}
}
