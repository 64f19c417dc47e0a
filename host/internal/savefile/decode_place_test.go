package savefile

import (
	"errors"
	"testing"
)

// Where each load ran (version 2): a state outside the saving host's
// states, a shard count out of range, and placement in a save of version
// 1 (which has none) are refused, naming the field and value.
func TestDecodePlacement(t *testing.T) {
	const agents = `"agents":[{"index":0,"name":"n","signature":"","tree":{"tasks":[]}}]`
	for _, c := range []struct{ data, want string }{
		{`{"format":"btlua-save","version":2,"shards":2,"loads":[{"script":"s.lua","sha256":"","state":2,` + agents + `}]}`,
			`bad save: load 1 (s.lua): "state" is 2, want a Lua state of the saving host's 2 (0 to 1)`},
		{`{"format":"btlua-save","version":2,"loads":[{"script":"s.lua","sha256":"","state":-1,` + agents + `}]}`,
			`bad save: load 1 (s.lua): "state" is -1, want a Lua state of the saving host's 1 (0 to 0)`},
		{`{"format":"btlua-save","version":2,"shards":-2,"loads":[]}`, `bad save: "shards" is -2, want 0 (the classic host) to 65536`},
		{`{"format":"btlua-save","version":2,"shards":1000000,"loads":[]}`, `bad save: "shards" is 1000000, want 0 (the classic host) to 65536`},
		{`{"format":"btlua-save","version":1,"shards":2,"loads":[]}`, `bad save: a save of version 1 holds no "shards" or "state" (version 2 does)`},
	} {
		_, err := Decode([]byte(c.data))
		if err == nil || err.Error() != c.want || !errors.Is(err, ErrBad) {
			t.Errorf("Decode of %s:\n got %v\nwant %s", c.data, err, c.want)
		}
	}
	f, err := Decode([]byte(`{"format":"btlua-save","version":2,"shards":3,"loads":[{"script":"s.lua","sha256":"","state":2,` + agents + `}]}`))
	if err != nil || f.Shards != 3 || f.Loads[0].State != 2 {
		t.Fatalf("Decode: %v, %+v", err, f)
	}
}
