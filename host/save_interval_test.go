package host

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"
)

// intervalScript prints its agent's name, tick count and tree time at
// each of its ticks.
const intervalScript = `
Say = BTAction:New()
function Say:OnUpdate()
  print(string.format("%s %d %.2f", self.name, self:GetTickCount(), self:GetTime()))
  return BTTaskStatus.Running
end
local a = Say:New(); a.name = "every"
local b = Say:New(); b.name = "slow"
return {a, b}
`

// An agent's tick interval (SetTickInterval) and the time since its last
// tick are saved: a run of 20 ticks of 0.1 s, where one agent ticks every
// 0.25 s, prints what 7 ticks, SnapshotAll, RestoreAll in a fresh host
// and 13 ticks print, on the classic host and on 2 shards.
func TestSnapshotTickInterval(t *testing.T) {
	files := fstest.MapFS{"i.lua": {Data: []byte(intervalScript)}}
	start := func(out *bytes.Buffer, shards int) *Host {
		h := saveHostShards(t, files, out, shards)
		agents, err := h.LoadFile("i.lua")
		if err != nil {
			t.Fatal(err)
		}
		if err := agents[1].SetTickInterval(0.25); err != nil {
			t.Fatal(err)
		}
		return h
	}
	for _, shards := range []int{0, 2} {
		var full bytes.Buffer
		ticks(t, start(&full, shards), 20)
		var out bytes.Buffer
		h := start(&out, shards)
		ticks(t, h, 7)
		data, err := h.SnapshotAll()
		if err != nil {
			t.Fatal(err)
		}
		first := out.String()
		out.Reset()
		h2 := saveHostShards(t, files, &out, shards)
		agents, err := h2.RestoreAll(data)
		if err != nil {
			t.Fatal(err)
		}
		if got := agents[1].TickInterval(); got != 0.25 {
			t.Fatalf("shards %d: restored interval %v, want 0.25", shards, got)
		}
		ticks(t, h2, 13)
		want := strings.TrimPrefix(full.String(), first)
		if out.String() != want || !strings.Contains(want, "slow 4 1.00\n") {
			t.Fatalf("shards %d: restored run printed\n%s\nwant\n%s", shards, out.String(), want)
		}
	}
	// A hand-edited schedule is refused, naming the value.
	var out bytes.Buffer
	h := start(&out, 0)
	ticks(t, h, 2)
	data, err := h.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ from, to, want string }{
		{`"interval":0.25`, `"interval":1e300`, "tick interval is 1e+300"},
		{`"since":0.1`, `"since":-1`, "time since the last tick is -1"},
	} {
		if !bytes.Contains(data, []byte(c.from)) {
			t.Fatalf("the save has no %s: %s", c.from, data)
		}
		h2 := saveHost(t, files, &out)
		_, err := h2.RestoreAll(resealed(bytes.Replace(data, []byte(c.from), []byte(c.to), 1)))
		want := "host: restoring agent slow: bad save: " + c.want + ", want a finite number of seconds in [0, 2^40]"
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v\nwant %s", c.to, err, want)
		}
		if n := len(h2.Agents()); n != 0 {
			t.Errorf("%s: %d agents after a refused restore", c.to, n)
		}
	}
}
