package luaclass

import (
	"reflect"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestSetOnlyField: the table SetOnlyField fills is the one RawSetString
// makes (maps, key list and index alike), and both behave alike when
// more keys come, the key is set again or removed; a table with a key
// already, a nil value or a mismatched key are refused.
func TestSetOnlyField(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	key := lua.LValue(lua.LString("fn"))
	fn := L.NewFunction(func(*lua.LState) int { return 0 })
	mine, theirs := L.CreateTable(0, 1), L.CreateTable(0, 1)
	if !SetOnlyField(mine, "fn", key, fn) {
		t.Fatal("SetOnlyField refused an empty table")
	}
	theirs.RawSetString("fn", fn)
	if !reflect.DeepEqual(mine, theirs) {
		t.Fatalf("SetOnlyField's table %#v\nRawSetString's %#v", *mine, *theirs)
	}
	list := func(tbl *lua.LTable) (s string) {
		for k, v := tbl.Next(lua.LNil); k != lua.LNil; k, v = tbl.Next(k) {
			s += k.String() + "=" + v.Type().String() + " "
		}
		return s
	}
	for _, step := range []func(*lua.LTable){
		func(tb *lua.LTable) { tb.RawSetString("a", lua.LTrue) },
		func(tb *lua.LTable) { tb.RawSetString("fn", lua.LNumber(2)) },
		func(tb *lua.LTable) { tb.RawSetString("fn", lua.LNil) },
		func(tb *lua.LTable) { tb.RawSetString("fn", lua.LFalse) },
	} {
		step(mine)
		step(theirs)
		if a, b := list(mine), list(theirs); a != b {
			t.Fatalf("pairs: %q, want %q", a, b)
		}
	}
	if want := "fn=boolean a=boolean "; list(mine) != want {
		t.Fatalf("pairs %q, want %q", list(mine), want)
	}
	full := L.CreateTable(0, 1)
	full.RawSetString("x", lua.LTrue)
	if SetOnlyField(full, "fn", key, fn) || SetOnlyField(L.NewTable(), "fn", key, lua.LNil) || SetOnlyField(L.NewTable(), "other", key, fn) {
		t.Fatal("SetOnlyField filled a table it must refuse")
	}
}
