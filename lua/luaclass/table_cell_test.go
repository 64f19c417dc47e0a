package luaclass

import (
	"reflect"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestTableCellAsCreateTable: a cell's table is the one CreateTable
// makes; bound, it holds its Go object as BindUserData's table does, and
// given its only field, as SetOnlyField's does; both then behave as
// gopher-lua's own tables when more keys come, a key is set again or
// removed, and its key list leaves the cell.
func TestTableCellAsCreateTable(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	var c TableCell
	tbl := c.Init(8)
	if tbl != &c.Table {
		t.Fatal("Init did not make the cell's table")
	}
	if want := L.CreateTable(0, 8); !reflect.DeepEqual(tbl, want) {
		t.Fatalf("cell table %#v\nCreateTable's %#v", *tbl, *want)
	}
	list := func(tbl *lua.LTable) (s string) {
		for k, v := tbl.Next(lua.LNil); k != lua.LNil; k, v = tbl.Next(k) {
			s += k.String() + "=" + v.Type().String() + " "
		}
		return s
	}
	steps := []func(*lua.LTable){
		func(tb *lua.LTable) { tb.RawSetString("a", lua.LTrue) },
		func(tb *lua.LTable) { tb.RawSetString("fn", lua.LNumber(2)) },
		func(tb *lua.LTable) { tb.RawSetString("fn", lua.LNil) },
		func(tb *lua.LTable) { tb.RawSetString("b", lua.LFalse) },
		func(tb *lua.LTable) { tb.RawSetInt(1, lua.LTrue) },
	}

	ud, theirsUD := L.NewUserData(), L.NewUserData()
	c.BindUserData(ud)
	theirs := L.CreateTable(0, 8)
	BindUserData(theirs, theirsUD)
	if Bound(tbl) != ud || !reflect.DeepEqual(*fieldsOf(tbl).keys, []lua.LValue{ud}) {
		t.Fatalf("bound cell: Bound %v, keys %v", Bound(tbl), *fieldsOf(tbl).keys)
	}
	for _, step := range steps {
		step(tbl)
		step(theirs)
		if a, b := list(tbl), list(theirs); a != b {
			t.Fatalf("bound cell pairs %q, want %q", a, b)
		}
	}
	if Bound(tbl) != ud || list(tbl) != "1=boolean a=boolean b=boolean " {
		t.Fatalf("bound cell after more keys: Bound %v, pairs %q", Bound(tbl), list(tbl))
	}

	var p TableCell
	fn := L.NewFunction(func(*lua.LState) int { return 0 })
	key := lua.LValue(lua.LString("fn"))
	ptbl := p.Init(1)
	if !p.SetOnlyField("fn", key, fn) {
		t.Fatal("SetOnlyField refused a new cell")
	}
	want := L.CreateTable(0, 1)
	want.RawSetString("fn", fn)
	if !reflect.DeepEqual(ptbl, want) {
		t.Fatalf("cell with a field %#v\nRawSetString's %#v", *ptbl, *want)
	}
	for _, step := range steps {
		step(ptbl)
		step(want)
		if a, b := list(ptbl), list(want); a != b {
			t.Fatalf("cell with a field: pairs %q, want %q", a, b)
		}
	}
	if p.SetOnlyField("fn", key, fn) {
		t.Fatal("SetOnlyField filled a cell that has keys")
	}
}
