package main

import (
	"os"
	"path/filepath"
	"testing"
)

// --dot prints one graph per tree, named after the tree (quoted and
// escaped as a DOT ID; a name met twice gets "#2"), each task labelled
// with its abort type and its constructor arguments when it has them.
func TestDOTGraphPerTree(t *testing.T) {
	script := writeLua(t, `local guard = BTSequence:New()
guard.name = 'say "hi" \\ café'
guard:SetAbortType(BTAbortType.Both)
guard:AddChild(BTWait:New(0.5, 1))
local a = BTLog:New("one")
a.name = "dup"
local b = BTLog:New("two")
b.name = "dup"
return guard, a, b`)
	code, out, errOut := runCLI("--dot", script)
	want := `digraph "say \"hi\" \\ café" {
  node [shape=box, style="rounded,filled", fillcolor=white, fontname="Helvetica"];
  n0 [label="say \"hi\" \\ café\n(BTSequence)\nInactive\nabort: Both"];
  n1 [label="BTWait\n(BTWait)\nInactive\nargs: 0.5, 1"];
  n0 -> n1;
}
digraph "dup" {
  node [shape=box, style="rounded,filled", fillcolor=white, fontname="Helvetica"];
  n0 [label="dup\n(BTLog)\nInactive\nargs: \"one\""];
}
digraph "dup#2" {
  node [shape=box, style="rounded,filled", fillcolor=white, fontname="Helvetica"];
  n0 [label="dup\n(BTLog)\nInactive\nargs: \"two\""];
}
`
	if code != exitOK || out != want {
		t.Errorf("code %d, stderr %q, --dot:\n%s\nwant:\n%s", code, errOut, out, want)
	}
}

// graphIDs names each tree's graph: its name, else the script's file
// name and the tree's place ("ai.lua#1"), made distinct by "#2", "#3".
func TestGraphIDs(t *testing.T) {
	got := graphIDs([]string{"AI", "", "AI", "AI#2", ""}, "/x/ai.lua")
	want := []string{"AI", "ai.lua#2", "AI#2", "AI#2#2", "ai.lua#5"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("graphIDs[%d] = %q, want %q", i, got[i], want[i])
		}
	}
}

// --dot prints the trees and exits, so the flags of a run are refused in
// one usage error listing every one given (in the order of the usage
// listing), and no file is written.
func TestDotRefusesRunFlags(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "r.jsonl")
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--dot", "--record", rec, seq}, "btlua: --dot prints the trees and exits, so there is no run for --record; run without it or without --dot\n"},
		{[]string{"--dot", "--watch", "--inspect", "--profile", "--ticks", "3", seq},
			"btlua: --dot prints the trees and exits, so there is no run for --inspect, --profile, --ticks, --watch; run without them or without --dot\n"},
		{[]string{"--trace", "--fast", "--hz", "10", "--dot", seq},
			"btlua: --dot prints the trees and exits, so there is no run for --fast, --hz, --trace; run without them or without --dot\n"},
		{[]string{"--dot", "--agents", "3", "--frame-budget", "1ms", "--tick-interval", "0.5", "--near", "1", seq},
			"btlua: --dot prints the trees and exits, so there is no run for --frame-budget, --near, --tick-interval; run without them or without --dot\n"},
	} {
		code, out, errOut := runCLI(c.args...)
		if code != exitUsage || out != "" || errOut != c.msg+usageHint {
			t.Errorf("btlua %q: code %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errOut, c.msg+usageHint)
		}
	}
	if _, err := os.Stat(rec); !os.IsNotExist(err) {
		t.Errorf("--dot --record wrote %s (%v)", rec, err)
	}
}
