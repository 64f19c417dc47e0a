package luaerr

import (
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// ArgName names the argument a Lua call passed as its caller spelled it:
// a local, a global, an upvalue, a field, a method's self counted as
// argument 1; nothing for a value computed in place or an argument past
// those given.
func TestArgName(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	var got []string
	L.SetGlobal("name", L.NewFunction(func(L *lua.LState) int {
		n := 1 // the argument asked about: a number last, else 1
		if k, ok := L.Get(L.GetTop()).(lua.LNumber); ok && L.GetTop() > 1 {
			n = int(k)
		}
		got = append(got, ArgName(L, n))
		return 0
	}))
	obj := L.NewTable()
	obj.RawSetString("name", L.GetGlobal("name"))
	L.SetGlobal("obj", obj)
	src := `
		local function IsHungry() end
		function Eat() end
		local ai = {Rest = function() end}
		name(IsHungry)            -- a local
		name(Eat)                 -- a global
		name(ai.Rest)             -- a field
		name(function() end)      -- written in place
		name(ai)                  -- a local table
		local function inner() name(IsHungry) end
		inner()                   -- an upvalue
		obj:name(Eat, 2)          -- a method call: self is argument 1
		name(Eat, 3)              -- past the arguments given
		return "done"`
	if err := L.DoString(src); err != nil {
		t.Fatal(err)
	}
	want := "IsHungry|Eat|Rest||ai|IsHungry|Eat|"
	if s := strings.Join(got, "|"); s != want {
		t.Errorf("names %q, want %q", s, want)
	}
}
