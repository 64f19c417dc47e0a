package luaclass

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestSizeFirstKey: a table light-bound before it had a string map gets
// a small map on its first string key written from Lua (t.k = v, t[k] =
// v, rawset), and holds and lists the same fields, in the same order, as
// a plain table given the same writes; a table that is not bound keeps
// gopher-lua's 32-entry map.
func TestSizeFirstKey(t *testing.T) {
	if !layout.ok || !mapLayoutOK || !Compactable() {
		t.Fatal("gopher-lua's LTable or Go's map layout is not the one this package reads")
	}
	L := lua.NewState()
	defer L.Close()
	OpenMethodWrites(L)
	writes := []string{
		`local t = ... t.name = "n" t.x = 1 t[1] = true t.name = nil t.y = 2`,
		`local t = ... t["name"] = "n" t.__index = false t.z = 3`,
		`local t = ... rawset(t, "name", "n") rawset(t, 2, "two") t.name = "m"`,
	}
	for _, src := range writes {
		fn, err := L.LoadString(src)
		if err != nil {
			t.Fatal(err)
		}
		bound, plain := L.CreateTable(0, 0), L.CreateTable(0, 0)
		ud := L.NewUserData()
		BindUserData(bound, ud)
		if *strdictOf(bound) != nil {
			t.Fatalf("%s: a bound table made by CreateTable(0, 0) has a string map", src)
		}
		for _, tbl := range []*lua.LTable{bound, plain} {
			if err := L.CallByParam(lua.P{Fn: fn, Protect: true}, tbl); err != nil {
				t.Fatalf("%s: %v", src, err)
			}
		}
		if got, want := fields(bound), fields(plain); got != want {
			t.Errorf("%s: fields %q, want %q (a plain table's)", src, got, want)
		}
		if Bound(bound) != ud {
			t.Errorf("%s: the table lost its binding", src)
		}
		if !smallMap(*strdictOf(bound)) {
			t.Errorf("%s: the bound table's first string key made a large map", src)
		}
		if smallMap(*strdictOf(plain)) {
			t.Errorf("%s: a plain table got a small map (gopher-lua gives 32 entries)", src)
		}
	}
}
