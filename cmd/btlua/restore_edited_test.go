package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Hand-edited saves of lumberjack.lua that encoding/json reads are each
// refused with what is wrong (nothing runs): a class that is not the
// table's, a malformed signature, GOAP costs shorter than the plan, a
// clock that could no longer advance, a goal condition without a key, a
// repeated key, a list of done flags of the wrong length (its own count
// said) and an FSM stack of 100,000 states (a short message).
func TestRestoreEditedSaveRefused(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "lumberjack.lua")
	src, err := os.ReadFile("../../scripts/lumberjack.lua")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(script, src, 0o644)
	save := filepath.Join(dir, "s.json")
	if code, _, errOut := runCLI("--fast", "--ticks", "5", "--save", save, script); code != exitOK {
		t.Fatalf("--save: code %d, stderr %q", code, errOut)
	}
	data, _ := os.ReadFile(save)
	s := string(data)
	sig := regexp.MustCompile(`"signature":"[0-9a-f]+"`).FindString(s)
	clock := regexp.MustCompile(`"clock":[0-9.e+-]+`).FindString(s)
	const goap = "restoring agent BTBehaviorTree: bad save: the GOAP agent of task BTSequence/load 1[2]: "
	cases := []struct{ name, from, to, want string }{
		{"mt NoSuchClass", `"mt":"Lumberjack"`, `"mt":"NoSuchClass"`, goap + `its provider: the saved table's class "NoSuchClass" is no global table`},
		{"mt string", `"mt":"Lumberjack"`, `"mt":"string"`, goap + `its provider: the saved table's class is "string"; the script's table there is not of that class`},
		{"mt _G", `"mt":"Lumberjack"`, `"mt":"_G"`, goap + `its provider: the saved table's class is "_G"; the script's table there is not of that class`},
		{"signature", sig, `"signature":"ab"`, `restoring agent BTBehaviorTree: bad save: "signature" is "ab", want 64 hex digits (a SHA-256)`},
		{"costs", `"costs":[2,4,1]`, `"costs":[2]`, goap + `plan of 3 steps with 3 left and 1 costs`},
		{"clock", clock, `"clock":1e308`, `bad save: the host's clock is 1e+308, want a number of seconds in [0, 2^40] (a clock past that can no longer advance by a tick)`},
		{"key null", `"key":"logsAtPile"`, `"key":null`, `bad save: load 1 (` + script + `), agent 1, GOAP agent 1, state, goal, condition 1: "key" is null, want a string`},
		{"duplicate key", `"index":0`, `"index":0,"index":0`, `bad save: load 1 (` + script + `), agent 1: the key "index" is repeated in one object`},
		{"done []", `"done":[true,false,false,false]`, `"done":[]`, goap + `the save has 0 actions' done flags, the agent has 4 actions`},
		{"stack 100000", `"stack":["PerformAction"]`, `"stack":[` + strings.Repeat(`"PerformAction",`, 99999) + `"PerformAction"]`, goap + `FSM stack of 100000 states, want [Idle], [PerformAction] or [PerformAction MoveTo]`},
	}
	for _, c := range cases {
		if c.from == "" || !strings.Contains(s, c.from) {
			t.Fatalf("%s: the save has no %q", c.name, c.from)
		}
		edited := filepath.Join(dir, "e.json")
		os.WriteFile(edited, resealed([]byte(strings.Replace(s, c.from, c.to, 1))), 0o644)
		code, out, errOut := runCLI("--fast", "--ticks", "1", "--restore", edited, script)
		want := "btlua: --restore " + edited + ": " + c.want + "\n"
		if code != exitFailed || out != "" || errOut != want {
			t.Errorf("%s: code %d, stdout %q, stderr (%d bytes)\n%.400q\nwant\n%q", c.name, code, out, len(errOut), errOut, want)
		}
	}
}
