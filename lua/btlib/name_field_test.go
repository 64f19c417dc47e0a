package btlib

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestNameFieldAsGetField: nameField reads a task table's name as
// getField (and so Lua's t.name) does, through built-in parent classes'
// __index functions, script classes derived from them, names on an
// instance, a class and a base class, and a script's own __index
// function.
func TestNameFieldAsGetField(t *testing.T) {
	lib, L, _ := testLib(t)
	if err := L.DoString(`
local Named = BTSequence:New(); Named.name = "named seq"; Named.__index = Named
local Deep = setmetatable({}, Named); Deep.__index = Deep
local FnIdx = BTAction:New()
local fnMeta = { __index = function(t, k) if k == "name" then return "from fn" end end }
Cases = {
    seq = BTSequence:New(),
    sel = BTSelector:New(),
    rep = BTRepeater:New(),
    log = BTLog:New("x"),
    act = BTAction:New(),
    own = (function() local s = BTSequence:New(); s.name = "mine"; return s end)(),
    named = setmetatable({}, Named),
    deep = setmetatable({}, Deep),
    fn = setmetatable({}, fnMeta),
    plain = {},
    nonstring = (function() local s = BTSequence:New(); s.name = 7; return s end)(),
}
BTSelector.name = "every selector"
Cases.selnamed = BTSelector:New()`); err != nil {
		t.Fatal(err)
	}
	cases := L.GetGlobal("Cases").(*lua.LTable)
	n := 0
	cases.ForEach(func(k, v lua.LValue) {
		n++
		tbl := v.(*lua.LTable)
		if got, want := lib.nameField(tbl), L.GetField(tbl, "name"); got != want {
			t.Errorf("%s.name = %v, want %v", k, got, want)
		}
	})
	if n != 12 {
		t.Fatalf("%d cases", n)
	}
	want := map[string]lua.LValue{"seq": lua.LNil, "own": lua.LString("mine"), "deep": lua.LString("named seq"),
		"fn": lua.LString("from fn"), "selnamed": lua.LString("every selector"), "nonstring": lua.LNumber(7)}
	for k, w := range want {
		if got := lib.nameField(cases.RawGetString(k).(*lua.LTable)); got != w {
			t.Errorf("nameField(%s) = %v, want %v", k, got, w)
		}
	}
}
