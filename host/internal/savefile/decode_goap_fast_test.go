package savefile

import (
	"strings"
	"testing"
)

// The fast decoder reads a complete GOAP agent's state, and leaves one
// missing a key nullWhere requires to the slow decoder, which names it.
func TestDecodeFastGoapState(t *testing.T) {
	const full = `{"stack":["PerformAction"],"goal":{"name":"g","prio":0,"conds":[{"key":"k","op":">=","v":1}]},"pending":{"name":"p","prio":1},"failed":[{"name":"f","prio":2,"conds":[{"key":"k","op":"==","v":true}]}],"plan":[0],"costs":[1],"left":1,"inRange":[false],"done":[false]}`
	save := func(state string) string {
		return `{"format":"btlua-save","version":2,"loads":[{"script":"s.lua","sha256":"","agents":[{"index":0,"name":"n","signature":"","tree":{"tasks":[]},"goap":[{"task":0,"state":` +
			state + `,"provider":{"t":0},"actions":[{"t":0}]}],"tables":[{"kv":[]}]}]}]}`
	}
	if _, err := decodeFast([]byte(save(full))); err != nil {
		t.Fatalf("fast decoder of a complete state: %v", err)
	}
	const place = `bad save: load 1 (s.lua), agent 1, GOAP agent 1, state`
	for _, c := range []struct{ from, to, want string }{
		{`"stack":["PerformAction"],`, ``, place + `: "stack" is missing`},
		{`"left":1,`, ``, place + `: "left" is missing (a plan's steps still queued)`},
		{`"pending":{"name":"p",`, `"pending":{`, place + `, pending: "name" is missing`},
		{`"name":"f","prio":2,`, `"name":"f",`, place + `, failed goal 1: "prio" is missing`},
		{`{"key":"k","op":"==",`, `{"key":"k",`, place + `, failed goal 1, condition 1: "op" is missing`},
		{`{"key":"k","op":">=",`, `{"op":">=",`, place + `, goal, condition 1: "key" is missing`},
	} {
		data := save(strings.Replace(full, c.from, c.to, 1))
		if _, err := decodeFast([]byte(data)); err != errSlow {
			t.Errorf("fast decoder of %s: %v, want errSlow", data, err)
		}
		if _, err := Decode([]byte(data)); err == nil || err.Error() != c.want {
			t.Errorf("Decode of %s:\n got %v\nwant %s", data, err, c.want)
		}
	}
}
