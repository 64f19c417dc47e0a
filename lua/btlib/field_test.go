package btlib

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// getField reads what L.GetField reads, through any __index: a chain of
// tables, a function, a string (whose metatable's __index is the string
// library), none; and raises what it raises on an __index loop.
func TestGetFieldAsLua(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	if err := L.DoString(`
local Base = { name = "base" }; Base.__index = Base
local Mid = setmetatable({}, Base); Mid.__index = Mid
Cases = {
    own = { name = "own" },
    chain = setmetatable({}, Mid),
    shadow = setmetatable({ name = "mine" }, Mid),
    fn = setmetatable({}, { __index = function(t, k) return "fn:" .. k end }),
    str = setmetatable({}, { __index = "text" }),
    bare = {},
    nomethod = setmetatable({}, {}),
    falsy = setmetatable({}, { __index = { name = false } }),
}
local loop = {}; loop.__index = loop; setmetatable(loop, loop)
Loop = loop`); err != nil {
		t.Fatal(err)
	}
	cases := L.GetGlobal("Cases").(*lua.LTable)
	n := 0
	cases.ForEach(func(k, v lua.LValue) {
		n++
		tbl := v.(*lua.LTable)
		for _, key := range []string{"name", "len", "missing"} {
			if got, want := getField(L, tbl, lua.LString(key)), L.GetField(tbl, key); got != want {
				t.Errorf("%s.%s = %v, want %v", k, key, got, want)
			}
		}
	})
	if n != 8 {
		t.Fatalf("%d cases", n)
	}
	loop := L.GetGlobal("Loop").(*lua.LTable)
	raised := func(f func()) (msg string) {
		defer func() {
			if e, ok := recover().(error); ok {
				msg = e.Error()
			}
		}()
		f()
		return ""
	}
	got := raised(func() { getField(L, loop, lua.LString("missing")) })
	want := raised(func() { L.GetField(loop, "missing") })
	if got != want || want == "" {
		t.Errorf("on an __index loop getField raised %q, L.GetField %q", got, want)
	}
}
