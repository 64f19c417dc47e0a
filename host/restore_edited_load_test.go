package host

import (
	"bytes"
	"testing"
	"testing/fstest"
)

// factoryScript builds one counting task per Spawn, named after
// args.index.
const factoryScript = `
Count = BTAction:New()
function Count:OnUpdate() self.n = (self.n or 0) + 1; print(self.name .. " " .. self.n); return BTTaskStatus.Running end
return function(args)
  local c = Count:New()
  c.name = "c" .. args.index
  return c
end
`

// A hand-edited load is refused naming the field and value: a spawn
// argument past 2^53, a spawned agent's index other than 1 (a factory
// returns one tree), a loaded agent's index past the script's trees.
func TestRestoreEditedLoadRefused(t *testing.T) {
	files := fstest.MapFS{"f.lua": {Data: []byte(factoryScript)}, "s.lua": {Data: []byte(saveScript)}}
	var out bytes.Buffer
	h := saveHost(t, files, &out)
	if _, err := h.Spawn("f.lua", map[string]any{"index": 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.LoadFile("s.lua"); err != nil {
		t.Fatal(err)
	}
	ticks(t, h, 2)
	data, err := h.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	edit := func(from, to string) []byte {
		if !bytes.Contains(data, []byte(from)) {
			t.Fatalf("the save has no %q: %s", from, data)
		}
		return resealed(bytes.Replace(data, []byte(from), []byte(to), 1))
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"args.index", edit(`"args":{"index":1}`, `"args":{"index":1e308}`),
			"bad save: load 1 (f.lua): args.index is 1e+308, a number past 2^53 (a spawn argument a save holds is at most 2^53 in size)"},
		{"args list", edit(`"args":{"index":1}`, `"args":{"index":[1,-1e300]}`),
			"bad save: load 1 (f.lua): args.index[1] is -1e+300, a number past 2^53 (a spawn argument a save holds is at most 2^53 in size)"},
		{"spawned index", edit(`"agents":[{"index":0,"name":"c1"`, `"agents":[{"index":3,"name":"c1"`),
			`bad save: agent "c1" is tree 4 of f.lua, spawned: a factory returns one tree`},
		{"loaded index", edit(`"agents":[{"index":0,"name":"BTBehaviorTree"`, `"agents":[{"index":7,"name":"BTBehaviorTree"`),
			`bad save: agent "BTBehaviorTree" is tree 8 of s.lua, which now returns 1 trees`},
	} {
		h2 := saveHost(t, files, &out)
		_, err := h2.RestoreAll(c.data)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v\nwant %s", c.name, err, c.want)
		}
		if n := len(h2.Agents()); n != 0 {
			t.Errorf("%s: %d agents after a refused restore", c.name, n)
		}
	}
	// Spawn arguments a save cannot hold are refused at the save.
	h3 := saveHost(t, files, &out)
	if _, err := h3.Spawn("f.lua", map[string]any{"index": 2, "big": []float64{1, 1e20}}); err != nil {
		t.Fatal(err)
	}
	_, err = h3.SnapshotAll()
	want := "host: saving the agents spawned from f.lua: args.big[1] is 1e+20, a number past 2^53 (a spawn argument a save holds is at most 2^53 in size)"
	if err == nil || err.Error() != want {
		t.Errorf("SnapshotAll of a big argument: %v\nwant %s", err, want)
	}
}
