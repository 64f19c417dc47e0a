package savefile

import (
	"errors"
	"strings"
	"testing"
)

// A hand-edited save that encoding/json would read wrong is refused by
// both decoders, naming the place, the field and its value: a null list
// item or table, a key a save always holds deleted, an unknown key, a
// deleted "format" or "script", an agent without a tree (1-based). A
// provider that is no table reference is the host's to refuse
// (TestRestoreGoapEditedRefused).
func TestDecodeRequired(t *testing.T) {
	const head = `{"format":"btlua-save","version":2,"loads":[{"script":"s.lua","sha256":"",`
	agent := func(body string) string {
		return head + `"agents":[{"index":0,"name":"n","signature":"","tree":{"tasks":[{"path":"R","kind":"K"}]}` + body + `}]}]}`
	}
	const goap = `,"goap":[{"task":0,"state":{"stack":["PerformAction"],"goal":{"name":"g","prio":0},"plan":[0],"costs":[1],"left":1,"inRange":[false],"done":[false]},"provider":{"t":0},"actions":[{"t":0}]}],"tables":[{"kv":[]}]`
	const place = `bad save: load 1 (s.lua), agent 1`
	for _, c := range []struct{ data, want string }{
		{head + `"agents":[{"index":0,"name":"n","signature":"","tree":{"tasks":[{"path":"R","kind":"K","own":[1,null]}]}}]}]}`,
			place + `, tree, task 1 (R): "own"[2] is null, want a number`},
		{agent(strings.Replace(goap, `"plan":[0]`, `"plan":[null]`, 1)), place + `, GOAP agent 1, state: "plan"[1] is null, want a whole number`},
		{agent(strings.Replace(goap, `"inRange":[false]`, `"inRange":[null]`, 1)), place + `, GOAP agent 1, state: "inRange"[1] is null, want true or false`},
		{agent(strings.Replace(goap, `"name":"g"`, `"name":null`, 1)), place + `, GOAP agent 1, state, goal: "name" is null, want a string`},
		{agent(strings.Replace(goap, `,"left":1`, ``, 1)), place + `, GOAP agent 1, state: "left" is missing (a plan's steps still queued)`},
		{agent(strings.Replace(goap, `,"provider":{"t":0}`, ``, 1)), place + `, GOAP agent 1: "provider" is missing`},
		{agent(strings.Replace(goap, `"state":{"stack"`, `"state":null,"x":{"stack"`, 1)), place + `, GOAP agent 1: "state" is null, want an object (the GOAP agent's state)`},
		{agent(strings.Replace(goap, `"task":0,"state":`, `"state":`, 1)), place + `, GOAP agent 1: "task" is missing`},
		{agent(`,"fields":[{"kv":["a",1]}]`), place + `, fields 1: "task" is missing`},
		{agent(`,"tables":[{"kv":[]},{"kv":[]},null]`), place + `: "tables"[3] is null, want an object`},
		{agent(`,"tables":[{"kv":[]},{"mt":"C"}]`), place + `, table 2: "kv" is missing`},
		{agent(`,"tables":[{"kv":[]},{"kv":null}]`), place + `, table 2: "kv" is null, want a list of keys and values`},
		{agent(`,"fields":[{"task":0,"kv":null}]`), place + `, fields 1: "kv" is null, want a list of keys and values`},
		{agent(`,"fields":null`), place + `: "fields" is null, want a list`},
		{agent(`,"tables":null`), place + `: "tables" is null, want a list`},
		{agent(`,"zzz":1`), place + `: "zzz" is an unknown key`},
		{`{"version":2,"loads":[]}`, `bad save: "format" is missing, want "btlua-save"`},
		{`{"format":"btlua-save","version":2,"loads":[{"sha256":"","agents":[]}]}`, `bad save: load 1: "script" is missing`},
		{head + `"agents":[{"index":0,"name":"n","signature":"","tree":{"tasks":[]}},{"index":1,"name":"m","signature":""}]}]}`,
			`bad save: load 1 (s.lua), agent 2: "tree" is missing`},
		{head + `"agents":[{"index":0,"name":"n","signature":"","tree":null}]}]}`,
			`bad save: load 1 (s.lua), agent 1 has no tree`},
	} {
		_, err := Decode([]byte(c.data))
		if err == nil || err.Error() != c.want || !errors.Is(err, ErrBad) {
			t.Errorf("Decode of %s:\n got %v\nwant %s", c.data, err, c.want)
		}
		if f, err := decodeFast([]byte(c.data)); err != errSlow && check(f) == nil {
			t.Errorf("the fast decoder reads %s", c.data)
		}
	}
	ok := agent(goap)
	fast, err := decodeFast([]byte(ok))
	if err != nil {
		t.Fatalf("fast decoder of %s: %v", ok, err)
	}
	if _, err := Decode([]byte(ok)); err != nil || fast.Loads[0].Agents[0].Goap[0].State.Left != 1 {
		t.Fatalf("Decode of %s: %v", ok, err)
	}
}
