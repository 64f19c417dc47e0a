package luasrc

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestRunCompilesOnce: the second state that runs a file gets a closure
// of the prototype the first compiled (a sharded host opens the
// libraries once per shard), and the file still runs in each state.
func TestRunCompilesOnce(t *testing.T) {
	a, b := lua.NewState(), lua.NewState()
	defer a.Close()
	defer b.Close()
	for _, L := range []*lua.LState{a, b} {
		if err := L.DoString("BTParentTask = {}; package.preload.bt = function() return {} end"); err != nil {
			t.Fatal(err)
		}
		if err := Run(L, "bt.lua"); err != nil {
			t.Fatal(err)
		}
	}
	p1, ok1 := compiled("bt.lua")
	if !ok1 {
		t.Fatal("bt.lua was not kept compiled")
	}
	if err := Run(a, "bt.lua"); err != nil {
		t.Fatal(err)
	}
	if p2, _ := compiled("bt.lua"); p2 != p1 {
		t.Fatalf("bt.lua compiled again: %p then %p", p1, p2)
	}
	for _, L := range []*lua.LState{a, b} {
		if got := L.GetGlobal("BTPrecondition").Type(); got != lua.LTTable {
			t.Errorf("BTPrecondition is a %s after Run, want a table", got)
		}
	}
}

// TestRunMissingFile names the file that is not there.
func TestRunMissingFile(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	err := Run(L, "nope.lua")
	if err == nil || err.Error() != "luasrc: open nope.lua: file does not exist" {
		t.Fatalf("Run(nope.lua) = %v", err)
	}
}
