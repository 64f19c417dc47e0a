package tests

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// A yield across pcall, xpcall or another Go function (table.sort) inside
// a coroutine raises PUC Lua 5.1's "attempt to yield across
// metamethod/C-call boundary", located at the yield; the pcall returns
// false with it and the coroutine goes on. Tick by tick at 60 Hz.
func TestYieldAcrossPcall(t *testing.T) {
	const boundary = ": attempt to yield across metamethod/C-call boundary"
	R, S := bt.Running, bt.Success
	cases := []struct {
		file     string
		stdout   string
		statuses []bt.Status
	}{
		{"yield_pcall", lines(
			"pcall\tfalse\ttestdata/nodes/yield_pcall.lua:5"+boundary,
			"xpcall\tfalse\thandled: testdata/nodes/yield_pcall.lua:7"+boundary,
			"sort\tfalse\ttestdata/nodes/yield_pcall.lua:10"+boundary,
			"resumed at tick 2",
			"done at tick 3"), []bt.Status{R, R, S}},
		{"yield_pcall_plain", lines(
			"pcall\tfalse\ttestdata/nodes/yield_pcall_plain.lua:7"+boundary,
			"true\tsecond a",
			"true\tend b",
			"dead",
			"wrap\tfalse\ttestdata/nodes/yield_pcall_plain.lua:16"+boundary,
			"2\t3"), []bt.Status{S}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			r := runScript(t, filepath.Join("testdata", "nodes", c.file+".lua"), 10)
			if r.err != nil {
				t.Fatal(r.err)
			}
			if r.stdout != c.stdout {
				t.Errorf("stdout =\n%s\nwant\n%s", r.stdout, c.stdout)
			}
			if !slices.Equal(r.statuses, c.statuses) {
				t.Errorf("statuses = %v, want %v", r.statuses, c.statuses)
			}
		})
	}
}
