package host

import (
	"bytes"
	"os"
	"regexp"
	"testing"
	"testing/fstest"
)

// A hand-edited GOAP agent of scripts/lumberjack.lua is refused, naming
// the field and value, and changes nothing: a provider or action that is
// not a table reference, a null step of its plan, its in-range flags or
// goal name, a deleted "left" or "provider". (Before, these restored a
// wrong run: "plan aborted by ChopLog".)
func TestRestoreGoapEditedRefused(t *testing.T) {
	src, err := os.ReadFile("../scripts/lumberjack.lua")
	if err != nil {
		t.Fatal(err)
	}
	files := fstest.MapFS{"lumberjack.lua": {Data: src}}
	var out bytes.Buffer
	h := saveHost(t, files, &out)
	if _, err := h.LoadFile("lumberjack.lua"); err != nil {
		t.Fatal(err)
	}
	ticks(t, h, 10)
	data, err := h.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	edit := func(re, to string) []byte {
		t.Helper()
		r := regexp.MustCompile(re)
		if !r.Match(data) {
			t.Fatalf("the save has no %s: %s", re, data)
		}
		done := false
		return resealed(r.ReplaceAllFunc(data, func(m []byte) []byte {
			if done {
				return m
			}
			done = true
			return r.ReplaceAll(m, []byte(to))
		}))
	}
	const agent = "bad save: load 1 (lumberjack.lua), agent 1, GOAP agent 1"
	const goapTask = "host: restoring agent BTBehaviorTree: bad save: the GOAP agent of task BTSequence/load 1[2]"
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"provider -1", edit(`"provider":\{"t":\d+\}`, `"provider":-1`), goapTask + `: "provider" is -1, want a table reference {"t": N}`},
		{"provider string", edit(`"provider":\{"t":\d+\}`, `"provider":"x"`), goapTask + `: "provider" is "x", want a table reference {"t": N}`},
		{"provider null", edit(`"provider":\{"t":\d+\}`, `"provider":null`), goapTask + `: "provider" is null, want a table reference {"t": N}`},
		{"provider deleted", edit(`,"provider":\{"t":\d+\}`, ``), agent + `: "provider" is missing`},
		{"action replaced", edit(`"actions":\[\{"t":\d+\}`, `"actions":[{"task":1}`), goapTask + `: "actions"[1] (GetTool) is {"task":1}, want a table reference {"t": N}`},
		{"plan step null", edit(`"plan":\[\d+`, `"plan":[null`), agent + `, state: "plan"[1] is null, want a whole number`},
		{"in-range null", edit(`"inRange":\[(true|false)`, `"inRange":[null`), agent + `, state: "inRange"[1] is null, want true or false`},
		{"goal name null", edit(`"goal":\{"name":"[^"]*"`, `"goal":{"name":null`), agent + `, state, goal: "name" is null, want a string`},
		{"left deleted", edit(`,"left":\d+`, ``), agent + `, state: "left" is missing (a plan's steps still queued)`},
		{"state deleted", edit(`"state":\{"stack":\["[A-Za-z]+"\]`, `"x":{"stack":[]`), `bad save: load 1 (lumberjack.lua), agent 1, GOAP agent 1: "x" is an unknown key`},
	} {
		h2 := saveHost(t, files, &out)
		_, err := h2.RestoreAll(c.data)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.name, err, c.want)
		}
		if n := len(h2.Agents()); n != 0 {
			t.Errorf("%s: %d agents after the refused restore, want 0", c.name, n)
		}
	}
}
