package tests

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// A Lua composite in the series' style calls its Lua child's OnUpdate
// itself, so the child never goes through a Go tick: its tree accessors
// (GetTickCount, GetTime, GetVariable, SetVariable) still see the tree it
// runs in, at 60 Hz.
func TestLuaCompositeChildSeesTree(t *testing.T) {
	r := runScript(t, filepath.Join("testdata", "nodes", "lua_composite_clock.lua"), 10)
	if r.err != nil {
		t.Fatal(r.err)
	}
	want := lines(
		"tick 1 time 0.016667 (n/60 s: true) v=7 seen=1",
		"tick 2 time 0.033333 (n/60 s: true) v=7 seen=2",
		"tick 3 time 0.050000 (n/60 s: true) v=7 seen=3")
	if r.stdout != want {
		t.Errorf("stdout = %q, want %q", r.stdout, want)
	}
	R, S := bt.Running, bt.Success
	if want := []bt.Status{R, R, S}; !slices.Equal(r.statuses, want) {
		t.Errorf("statuses = %v, want %v", r.statuses, want)
	}
	if want := []string{"start series", "end series Success"}; !slices.Equal(r.events, want) {
		t.Errorf("events = %q, want %q", r.events, want)
	}
}
