package host

import (
	"reflect"
	"runtime"
	"testing"

	"github.com/btlua/btlua/host/internal/vm"
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
	h.luaVM().L.SetGlobal("m", vm.LuaValue(h.luaVM().L, m))
	h.luaVM().L.SetGlobal("g", vm.LuaValue(h.luaVM().L, g))
	got, err := h.DoString(`return type(m), #m.list, m.list[2], m.n, m.nested[7], m.self == m, g.Name`)
	if err != nil {
		t.Fatal(err)
	}
	if want := []any{"table", 2.0, 5.0, 1.0, "seven", true, "Bram"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v, want %#v", got, want)
	}
	if v := vm.GoValue(h.luaVM().L.GetGlobal("g")); v != any(g) {
		t.Errorf("g back: %#v", v)
	}
	if v := vm.LuaValue(h.luaVM().L, lua.LString("x")); v != lua.LString("x") {
		t.Errorf("a Lua value converted: %#v", v)
	}
}

// A Go value made a Lua table gets tables of its own size, not gopher-
// lua's default (32 array and 32 hash slots): a sharded host copies a
// global table into every state this way, so a 1e5-entry nested global
// cost over a gigabyte per copy. 10000 one-field maps in a slice cost no
// more than half again the same tables made by a script (measured: 3584 bytes a
// table before, about 1080 now; a script 830).
func TestLuaValueTablesSized(t *testing.T) {
	h, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	const n = 10000
	v := make([]any, n)
	for i := range v {
		v[i] = map[string]any{"x": float64(i)}
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := h.DoString(`local t = {} for i = 1, 10000 do t[i] = { x = i - 1 } end`); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	script := (after.TotalAlloc - before.TotalAlloc) / n
	runtime.ReadMemStats(&before)
	tbl := vm.LuaValue(h.luaVM().L, v).(*lua.LTable)
	runtime.ReadMemStats(&after)
	if tbl.Len() != n || tbl.RawGetInt(n).(*lua.LTable).RawGetString("x") != lua.LNumber(n-1) {
		t.Fatalf("table of %d, last %v", tbl.Len(), tbl.RawGetInt(n))
	}
	if per := (after.TotalAlloc - before.TotalAlloc) / n; per > script*3/2 {
		t.Errorf("%d bytes allocated a table, a script's table %d", per, script)
	}
}
