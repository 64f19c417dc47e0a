package host

import (
	"reflect"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// Lua tables become slices only when their keys are exactly 1..n; a
// table in a cycle becomes a map that holds itself.
func TestGoValueTables(t *testing.T) {
	h, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	got, err := h.DoString(`local cyc = { name = "c" }
cyc.self = cyc
return { "a", "b" }, { [1] = "a", [3] = "c", x = 1 }, { [1] = "a", [2.5] = "b" }, { [2] = "b" }, cyc`)
	if err != nil {
		t.Fatal(err)
	}
	want := []any{
		[]any{"a", "b"},
		map[string]any{"1": "a", "3": "c", "x": 1.0},
		map[string]any{"1": "a", "2.5": "b"},
		map[string]any{"2": "b"},
	}
	if !reflect.DeepEqual(got[:4], want) {
		t.Errorf("got %#v\nwant %#v", got[:4], want)
	}
	cyc, ok := got[4].(map[string]any)
	if !ok || cyc["name"] != "c" || reflect.ValueOf(cyc["self"]).UnsafePointer() != reflect.ValueOf(cyc).UnsafePointer() {
		t.Errorf("cycle: %#v", got[4])
	}
}

// Go maps and slices become Lua tables at every depth, a map in a cycle
// the same table; other values go through gopher-luar.
func TestLuaValueTables(t *testing.T) {
	h, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	m := map[string]any{"list": []int{4, 5}, "n": 1, "nested": map[int]string{7: "seven"}}
	m["self"] = m
	g := &guard{Name: "Bram"}
	h.state.SetGlobal("m", luaValue(h.state, m))
	h.state.SetGlobal("g", luaValue(h.state, g))
	got, err := h.DoString(`return type(m), #m.list, m.list[2], m.n, m.nested[7], m.self == m, g.Name`)
	if err != nil {
		t.Fatal(err)
	}
	if want := []any{"table", 2.0, 5.0, 1.0, "seven", true, "Bram"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v, want %#v", got, want)
	}
	if v := goValue(h.state.GetGlobal("g")); v != any(g) {
		t.Errorf("g back: %#v", v)
	}
	if v := luaValue(h.state, lua.LString("x")); v != lua.LString("x") {
		t.Errorf("a Lua value converted: %#v", v)
	}
}
