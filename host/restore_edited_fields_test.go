package host

import (
	"bytes"
	"os"
	"regexp"
	"testing"
	"testing/fstest"
)

// asVersion2 returns the save data (plain JSON, as this btlua writes it)
// as the writer of version 2 wrote it: no digest, no fields entry for a
// task without fields, no "state" of 0.
func asVersion2(data []byte) []byte {
	out := bytes.Replace(data, []byte(`"version":3,`), []byte(`"version":2,`), 1)
	out = regexp.MustCompile(`\{"task":\d+,"kv":\[\]\},?`).ReplaceAll(out, nil)
	out = bytes.ReplaceAll(out, []byte(`,]`), []byte(`]`))
	out = bytes.ReplaceAll(out, []byte(`,"fields":[]`), nil)
	out = bytes.ReplaceAll(out, []byte(`,"state":0`), nil)
	return digestTail.ReplaceAll(out, []byte(`}`))
}

// savedWith returns a save of name loaded once and ticked k times.
func savedWith(t *testing.T, files fstest.MapFS, name string, k int) []byte {
	t.Helper()
	var out bytes.Buffer
	h := saveHost(t, files, &out)
	if _, err := h.LoadFile(name); err != nil {
		t.Fatal(err)
	}
	ticks(t, h, k)
	data, err := h.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// editedCase is a hand edit of a save and the error refusing it.
type editedCase struct {
	name string
	data []byte
	want string
}

// refuseAll checks that RestoreAll in a fresh host refuses each case with
// its error and adds no agent.
func refuseAll(t *testing.T, files fstest.MapFS, shards int, cases []editedCase) {
	t.Helper()
	for _, c := range cases {
		var out bytes.Buffer
		h := saveHostShards(t, files, &out, shards)
		_, err := h.RestoreAll(c.data)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.name, err, c.want)
		}
		if n := len(h.Agents()); n != 0 {
			t.Errorf("%s: %d agents after the refusal", c.name, n)
		}
	}
}

// replaced is data with the first match of the pattern re replaced by to
// ($1 for its group), failing the test when data has none.
func replaced(t *testing.T, data []byte, re, to string) []byte {
	t.Helper()
	r := regexp.MustCompile(re)
	loc := r.FindSubmatchIndex(data)
	if loc == nil {
		t.Fatalf("the save has no %s: %s", re, data)
	}
	out := append([]byte(nil), data[:loc[0]]...)
	out = r.Expand(out, []byte(to), data, loc)
	return append(out, data[loc[1]:]...)
}

// The fields of a warrior's tasks edited so that each value still looks
// right (an entry moved to another task, its task -1, its "kv" deleted or
// emptied, the whole list deleted) are refused naming the place, in a
// save of version 3 whose digest is written again (the field rules alone)
// and in a save of version 2; without the digest written again the
// digest refuses them.
func TestRestoreEditedFieldsRefused(t *testing.T) {
	files := warriorFiles(t)
	v3 := savedWith(t, files, "warrior.lua", 10)
	v2 := asVersion2(v3)
	const agent = "host: restoring agent BTBehaviorTree: bad save: "
	const place = "bad save: load 1 (warrior.lua), agent 1, "
	const input = `\{"task":1,"kv":\["input"`
	const edited = `bad save: the save was edited or corrupted after it was written (its "digest" is not the SHA-256 of the bytes before it)`
	const v2Missing = agent + `task BTParallelComplete/world[1] (WorldClock) has no "fields" entry, and the script builds it with the field input: the entry was deleted or moved (a save of version 2 has none for a task whose fields were all nil when saved: give it {"task": 1, "kv": []})`
	const v3Missing = agent + `task BTParallelComplete (BTParallelComplete) has no "fields" entry: a save of version 3 holds one for every Lua task`
	refuseAll(t, files, 0, []editedCase{
		{"v3 task 1 to 0", resealed(replaced(t, v3, input, `{"task":0,"kv":["input"`)), agent + `fields 2: "task" is 0, as is fields 1's: a save holds the fields of each Lua task once, in task order`},
		{"v2 task 1 to 0", replaced(t, v2, input, `{"task":0,"kv":["input"`), v2Missing},
		{"v3 task 1 to -1", resealed(replaced(t, v3, input, `{"task":-1,"kv":["input"`)), agent + `fields 2: "task" is -1, want a task of the tree's 15 (0 to 14)`},
		{"v2 task 1 to -1", replaced(t, v2, input, `{"task":-1,"kv":["input"`), agent + `fields 1: "task" is -1, want a task of the tree's 15 (0 to 14)`},
		{"v2 task 3 to 14", replaced(t, v2, `\{"task":3,`, `{"task":14,`), agent + `fields 3: "task" is 4, after fields 2's 14: a save holds the fields of each Lua task once, in task order`},
		{"v3 kv deleted", resealed(replaced(t, v3, `\{"task":1,"kv":\["input",\{"t":0\}\]\}`, `{"task":1}`)), place + `fields 2: "kv" is missing: an entry that is not "hooked" holds its task's fields ([] for none)`},
		{"v2 kv deleted", replaced(t, v2, `\{"task":1,"kv":\["input",\{"t":0\}\]\}`, `{"task":1}`), place + `fields 1: "kv" is missing: an entry that is not "hooked" holds its task's fields ([] for none)`},
		{"v2 kv []", replaced(t, v2, `\{"task":1,"kv":\["input",\{"t":0\}\]\}`, `{"task":1,"kv":[]}`), place + `fields 1: "kv" is []: a save of version 2 holds an entry only for a task with fields`},
		{"v3 kv []", replaced(t, v3, `\{"task":1,"kv":\["input",\{"t":0\}\]\}`, `{"task":1,"kv":[]}`), edited},
		{"v3 hooked and kv", resealed(replaced(t, v3, input, `{"task":1,"hooked":true,"kv":["input"`)), place + `fields 2: "hooked" with "kv": an entry holds its task's fields or its OnSave value, not both`},
		{"v3 fields deleted", resealed(replaced(t, v3, `,"fields":\[[^\]]*(\][^\]]*)*?\]\}\]`, `,"fields":[]`)), v3Missing},
		{"v2 fields deleted", replaced(t, v2, `,"fields":\[.*?\]\}\]`, ``), v2Missing},
		{"v3 table added", resealed(replaced(t, v3, `"tables":\[`, `"tables":[{"kv":[]},`)), agent + `"tables"[2] ({"t": 1}) is referred to by no value: a save holds only the tables its values refer to`},
		{"v3 kv null", replaced(t, v3, `"tables":\[\{"kv":\[[^\]]*\]`, `"tables":[{"kv":null`),
			edited + `; the first fault found: load 1 (warrior.lua), agent 1, table 1: "kv" is null, want a list of keys and values`},
	})
}

// patrolSaveScript is the patrol of docs/saving.md: a class saved by
// OnSave and OnLoad.
const patrolSaveScript = patrolClass + `function Patrol:OnUpdate()
    print("walking to " .. self.points[self.at])
    self.onArrive()
    self.at = self.at % #self.points + 1
    return BTTaskStatus.Running
end
local tree = BTBehaviorTree:New()
tree:SetStartTask(Patrol:New({"gate", "tower", "well"}))
return tree
`

// The fields entry of a task whose class has OnSave deleted is refused:
// its OnLoad would not run.
func TestRestoreEditedHookedFieldsRefused(t *testing.T) {
	files := fstest.MapFS{"patrol.lua": {Data: []byte(patrolSaveScript)}}
	v3 := savedWith(t, files, "patrol.lua", 4)
	v2 := asVersion2(v3)
	const agent = "host: restoring agent BTBehaviorTree: bad save: "
	fields := `,"fields":\[\{"task":0,"hooked":true,"hook":\{"t":0\}\}\]`
	refuseAll(t, files, 0, []editedCase{
		{"v2 fields deleted", replaced(t, v2, fields, ``), agent + `task Patrol (Patrol) has no "fields" entry, and its class has OnSave: the entry (its OnSave value) was deleted or moved`},
		{"v2 fields []", replaced(t, v2, fields, `,"fields":[]`), agent + `task Patrol (Patrol) has no "fields" entry, and its class has OnSave: the entry (its OnSave value) was deleted or moved`},
		{"v3 fields deleted", resealed(replaced(t, v3, fields, ``)), agent + `task Patrol (Patrol) has no "fields" entry: a save of version 3 holds one for every Lua task`},
		{"v2 hook without hooked", replaced(t, v2, `"hooked":true,`, ``), `bad save: load 1 (patrol.lua), agent 1, fields 1: "hook" without "hooked": true`},
	})
}

// A GOAP action's table reference pointed at another action's table is
// refused naming both (it would leave the action's table as the script
// built it, and the run would fail at its first tick).
func TestRestoreEditedGoapActionTableRefused(t *testing.T) {
	src, err := os.ReadFile("../scripts/lumberjack.lua")
	if err != nil {
		t.Fatal(err)
	}
	files := fstest.MapFS{"lumberjack.lua": {Data: src}}
	v3 := savedWith(t, files, "lumberjack.lua", 20)
	const goap = "host: restoring agent BTBehaviorTree: bad save: the GOAP agent of task BTSequence/load 1[2]: "
	refuseAll(t, files, 0, []editedCase{
		{"v3 action 1 to action 2's", resealed(replaced(t, v3, `"actions":\[\{"t":\d+\},\{"t":(\d+)\}`, `"actions":[{"t":$1},{"t":$1}`)),
			goap + `"actions"[2] (ChopLog) is {"t":9}, as is "actions"[1] (GetTool): each action has its own table`},
		{"v2 action 1 to action 2's", replaced(t, asVersion2(v3), `"actions":\[\{"t":\d+\},\{"t":(\d+)\}`, `"actions":[{"t":$1},{"t":$1}`),
			goap + `"actions"[2] (ChopLog) is {"t":9}, as is "actions"[1] (GetTool): each action has its own table`},
		{"v3 action 1 to the provider's", resealed(replaced(t, v3, `"provider":\{"t":(\d+)\},"actions":\[\{"t":\d+\}`, `"provider":{"t":$1},"actions":[{"t":$1}`)),
			goap + `"actions"[1] (GetTool) is {"t":0}, as is "provider": each action has its own table`},
		{"v3 a field key a list", resealed(replaced(t, v3, `"kv":\["agent",`, `"kv":[[],`)),
			`host: restoring agent BTBehaviorTree: bad save: task BTSequence/load 1[2] (BTGoapAgentTask) field (key 1): is a list, want a string, a number or a boolean`},
	})
}

// Two warrior loads of a save of 2 shards: load 2's "state" deleted is
// refused naming the field (a save of version 3 gives a sharded host's
// every load its state), and so is its state changed to 0, by the digest.
func TestRestoreEditedStateRefused(t *testing.T) {
	files := warriorFiles(t)
	var out bytes.Buffer
	h := saveHostShards(t, files, &out, 2)
	for range 2 {
		if _, err := h.LoadFile("warrior.lua"); err != nil {
			t.Fatal(err)
		}
	}
	ticks(t, h, 10)
	data, err := h.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	const deleted = `bad save: load 2 (warrior.lua): "state" is missing: a save of version 3 from a sharded host ("shards": 2) gives every load its Lua state`
	refuseAll(t, files, 2, []editedCase{
		{"state deleted, resealed", resealed(replaced(t, data, `,"state":1`, ``)), deleted},
		{"state deleted", replaced(t, data, `,"state":1`, ``),
			`bad save: the save was edited or corrupted after it was written (its "digest" is not the SHA-256 of the bytes before it); the first fault found: load 2 (warrior.lua): "state" is missing: a save of version 3 from a sharded host ("shards": 2) gives every load its Lua state`},
		{"state 1 to 0", replaced(t, data, `,"state":1`, `,"state":0`), `bad save: the save was edited or corrupted after it was written (its "digest" is not the SHA-256 of the bytes before it)`},
	})
	if !bytes.Contains(data, []byte(`"state":0,`)) {
		t.Fatalf("load 1 has no \"state\":0: %.300s", data)
	}
}

// A whole number written with a fraction or an exponent (20.0, 2e1) is
// the whole number: JSON has one kind of number. 10.5 is not.
func TestRestoreWholeNumberWithFraction(t *testing.T) {
	files := warriorFiles(t)
	data := savedWith(t, files, "warrior.lua", 10)
	whole := replaced(t, data, `"ticks":10,`, `"ticks":10.0,`)
	whole = replaced(t, whole, `"index":0,`, `"index":0e3,`)
	whole = replaced(t, whole, `\{"task":1,`, `{"task":1.000,`)
	var out bytes.Buffer
	h := saveHost(t, files, &out)
	if _, err := h.RestoreAll(resealed(whole)); err != nil {
		t.Fatalf("20.0: %v", err)
	}
	refuseAll(t, files, 0, []editedCase{
		{"10.5", resealed(replaced(t, data, `"ticks":10,`, `"ticks":10.5,`)), `bad save: "ticks" is the number 10.5, want a whole number >= 0`},
	})
}
