package host

import (
	"reflect"
	"slices"
	"sync/atomic"
	"testing"
	"testing/fstest"
)

// A leaf that raises an error in its first tick, and another restarting
// agent: the profiler pops the frames the error unwinds, so the next
// agent's rows are exact; a tree a reload rebuilds is profiled as the one
// it replaces was.
const profileFailing = `
Boom = BTAction:New()
function Boom:OnUpdate()
    advance(4)
    error("boom")
end
local root = BTSequence:New()
root.name = "Bad"
root:AddChild(Boom:New())
return root
`

// TestProfileErrorAndReload: an agent stopped by a Lua error leaves the
// profiler's rows of the other agents exact (its own tick counted, with
// the time until the error); a reload that rebuilds a tree profiles the
// fresh tree's tasks under their new paths.
func TestProfileErrorAndReload(t *testing.T) {
	var clock atomic.Int64
	fsys := fstest.MapFS{"ai.lua": {Data: []byte(profileScript)}, "bad.lua": {Data: []byte(profileFailing)}}
	h, err := New(Options{Classes: goWorkClasses(t, &clock), FS: fsys})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.SetGlobal("advance", func(n int) { clock.Add(int64(n)) })
	if _, err := h.LoadFile("bad.lua"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Spawn("ai.lua", nil); err != nil {
		t.Fatal(err)
	}
	h.StartProfile(clock.Load)
	if err := h.Tick(0.1); err == nil {
		t.Fatal("tick 1: no error from Boom")
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	rows := func() map[string][4]int64 {
		out := map[string][4]int64{}
		for _, r := range h.Profile().Tasks {
			out[r.Name] = [4]int64{int64(r.Ticks), int64(r.Total), int64(r.Self), int64(r.Lua)}
		}
		return out
	}
	want := map[string][4]int64{
		"Bad":            {1, 4, 0, 0},
		"Bad/Boom[1]":    {1, 4, 4, 4},
		"Root":           {2, 10, 0, 0},
		"Root/Think[1]":  {2, 6, 6, 6},
		"Root/GoWork[2]": {2, 4, 4, 0},
	}
	if got := rows(); !reflect.DeepEqual(got, want) {
		t.Fatalf("after an error: rows (ticks, total, self, Lua)\n got %v\nwant %v", got, want)
	}

	// The reload renames the root and adds a first leaf: the agent runs a
	// fresh tree. (The reload also rebuilds Bad, stopped by its error,
	// which fails again: its rows are not looked at.)
	fsys["ai.lua"] = &fstest.MapFile{Data: []byte(
		replaceOnce(profileScript, `root.name = "Root"`, `root.name = "Fresh"; root:AddChild(GoWork:New())`))}
	rep, err := h.Reload("ai.lua")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(rep.Rebuilt, "BTBehaviorTree") {
		t.Fatalf("reload report %+v, want the tree rebuilt", rep)
	}
	h.Tick(0.1)
	got := rows()
	delete(got, "Bad")
	delete(got, "Bad/Boom[1]")
	delete(want, "Bad")
	delete(want, "Bad/Boom[1]")
	want["Fresh"] = [4]int64{1, 7, 0, 0}
	want["Fresh/GoWork[1]"] = [4]int64{1, 2, 2, 0}
	want["Fresh/Think[2]"] = [4]int64{1, 3, 3, 3}
	want["Fresh/GoWork[3]"] = [4]int64{1, 2, 2, 0}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("after the reload: rows (ticks, total, self, Lua)\n got %v\nwant %v", got, want)
	}
}

// replaceOnce replaces the one old in s with new, or panics.
func replaceOnce(s, old, new string) string {
	for i := 0; i+len(old) <= len(s); i++ {
		if s[i:i+len(old)] == old {
			return s[:i] + new + s[i+len(old):]
		}
	}
	panic("replaceOnce: " + old + " not found")
}
