package host

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"
)

// btaiRandomScript draws from the BTAI library's generator (seeded): a
// RandomSequence and a shuffling Selector, printing what they pick.
const btaiRandomScript = `
BT.SetRandomSeed(42)
local root = BT.Root()
root:OpenBranch(
    BT.RandomSequence():OpenBranch(
        BT.Call(function() print("a " .. BT.Frame()) end),
        BT.Call(function() print("b " .. BT.Frame()) end),
        BT.Call(function() print("c " .. BT.Frame()) end)
    ),
    BT.Selector(true):OpenBranch(
        BT.Call(function() print("x " .. BT.Frame()); return false end),
        BT.Call(function() print("y " .. BT.Frame()); return false end),
        BT.Call(function() print("z " .. BT.Frame()) end)
    )
)
return root
`

// A BTAI tree whose RandomSequence and shuffling Selector draw from the
// library's generator resumes after SnapshotAll at every tick with the
// same draws: the save holds the generator's state. (It was refused.)
// Agent.Snapshot, which holds no generator shared by the script's
// trees, refuses it, and so does SnapshotAll after BT.SetRandom(fn).
func TestSnapshotBTAIRandomResumes(t *testing.T) {
	files := fstest.MapFS{"r.lua": {Data: []byte(btaiRandomScript)},
		"f.lua": {Data: []byte(strings.Replace(btaiRandomScript, "BT.SetRandomSeed(42)", "BT.SetRandom(function(n) return n end)", 1))}}
	const n = 12
	var full bytes.Buffer
	ref := saveHost(t, files, &full)
	if _, err := ref.LoadFile("r.lua"); err != nil {
		t.Fatal(err)
	}
	ticks(t, ref, n)
	for k := 1; k < n; k++ {
		var out bytes.Buffer
		h := saveHost(t, files, &out)
		if _, err := h.LoadFile("r.lua"); err != nil {
			t.Fatal(err)
		}
		ticks(t, h, k)
		data, err := h.SnapshotAll()
		if err != nil {
			t.Fatalf("k=%d: %v", k, err)
		}
		h2 := saveHost(t, files, &out)
		if _, err := h2.RestoreAll(data); err != nil {
			t.Fatalf("k=%d: %v", k, err)
		}
		ticks(t, h2, n-k)
		if out.String() != full.String() {
			t.Fatalf("k=%d: output\n%s\nwant\n%s", k, out.String(), full.String())
		}
	}
	h := saveHost(t, files, &full)
	agents, err := h.LoadFile("r.lua")
	if err != nil {
		t.Fatal(err)
	}
	ticks(t, h, 2)
	want := "host: saving agent BT.Root (r.lua): btai: a RandomSequence draws from the BTAI library's generator, which Agent.Snapshot does not hold (SnapshotAll does)"
	if _, err := agents[0].Snapshot(); err == nil || err.Error() != want {
		t.Errorf("Agent.Snapshot: %v\nwant %s", err, want)
	}
	h = saveHost(t, files, &full)
	if _, err := h.LoadFile("f.lua"); err != nil {
		t.Fatal(err)
	}
	ticks(t, h, 2)
	want = "host: saving the BTAI library's generator: the script set BT.SetRandom(fn), whose draws a save cannot hold"
	if _, err := h.SnapshotAll(); err == nil || err.Error() != want {
		t.Errorf("SnapshotAll after BT.SetRandom: %v\nwant %s", err, want)
	}
}
