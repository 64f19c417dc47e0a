package luaclass

import (
	"runtime"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// fields lists tbl's fields as next visits them, "k=v " each.
func fields(tbl *lua.LTable) string {
	var b strings.Builder
	for k, v := tbl.Next(lua.LNil); k != lua.LNil; k, v = tbl.Next(k) {
		if IsKey(k) {
			b.WriteString("__go ")
			continue
		}
		b.WriteString(k.String() + "=" + v.String() + " ")
	}
	return b.String()
}

// A table bound while it holds no fields keeps its Go object, and next
// and pairs visit its fields exactly once each, in the order they were
// set, __go first, whatever is set or deleted afterwards; binding again
// replaces the object without a second __go. A table with fields already
// is bound as any field is set.
func TestBindUserDataKeepsFields(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	o := L.CreateTable(0, 8)
	ud := L.NewUserData()
	ud.Value = "first"
	BindUserData(o, ud)
	if got := fields(o); got != "__go " {
		t.Errorf("fields of a bound empty table %q, want \"__go \"", got)
	}
	L.SetGlobal("o", o)
	if err := L.DoString(`
o.name = "n"; o.x = 1; o[1] = true; o.gone = 2; o.gone = nil; o[o] = 3
local seen, count = {}, 0
for k, v in pairs(o) do
    assert(not seen[k], "key visited twice: " .. tostring(k))
    seen[k] = true
    count = count + 1
end
assert(count == 5, "pairs visited " .. count .. " keys, want 5 (__go, 1, name, x, o)")
assert(o.name == "n" and o.x == 1 and o[1] == true and o[o] == 3)`); err != nil {
		t.Fatal(err)
	}
	ud2 := L.NewUserData()
	ud2.Value = "second"
	BindUserData(o, ud2)
	if v := Own(o); v != "second" {
		t.Errorf("Own after a second bind = %v, want second", v)
	}
	if got, want := fields(o), "1=true __go name=n x=1 "; !strings.HasPrefix(got, want) || strings.Count(got, "__go") != 1 {
		t.Errorf("fields after a second bind %q, want %q then the table key", got, want)
	}

	full := L.NewTable()
	full.RawSetString("name", lua.LString("f"))
	BindUserData(full, ud)
	if v := Own(full); v != "first" {
		t.Errorf("Own(full) = %v, want first", v)
	}
	if got := fields(full); got != "name=f __go " {
		t.Errorf("fields of a table bound after its fields %q, want \"name=f __go \"", got)
	}
}

// Binding an empty table costs its string map and a one-key list, not
// gopher-lua's key index map as well (issue 9: every task has a table).
func TestBindUserDataSmall(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	const n = 2000
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	tables := make([]*lua.LTable, n)
	uds := make([]*lua.LUserData, n)
	for i := range tables {
		tables[i] = L.CreateTable(0, 8)
		uds[i] = L.NewUserData()
		uds[i].Value = i
	}
	h0 := heap()
	for i, tbl := range tables {
		BindUserData(tbl, uds[i])
	}
	per := (int64(heap()) - int64(h0)) / n
	runtime.KeepAlive(tables)
	if per > 400 {
		t.Errorf("binding an empty table took %d bytes, want at most 400 (a string map group and a one-key list)", per)
	}
	for i, tbl := range tables {
		if Own(tbl) != i {
			t.Fatalf("Own(table %d) = %v", i, Own(tbl))
		}
	}
}

// bindLight finds LTable's fields in the gopher-lua version of go.mod: if
// an upgrade changes them, this fails rather than Bind silently taking
// more memory.
func TestBindLightLayout(t *testing.T) {
	if !layout.ok {
		t.Fatal("gopher-lua's LTable has no dict, strdict, keys or k2i field of the expected type: bindLight is disabled")
	}
}

// An unlisted field reads as any field, next and pairs skip it, and a
// script that assigns it makes it an ordinary field, listed once.
func TestSetUnlisted(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	o := L.CreateTable(0, 8)
	Bind(L, o, "go")
	SetUnlisted(o, "view", lua.LString("v"))
	o.RawSetString("name", lua.LString("n"))
	if got := fields(o); got != "__go name=n " {
		t.Errorf("fields %q, want \"__go name=n \"", got)
	}
	L.SetGlobal("o", o)
	if err := L.DoString(`
assert(o.view == "v" and rawget(o, "view") == "v")
local n = 0
for k in pairs(o) do n = n + 1; assert(k ~= "view") end
assert(n == 2, n)
o.view = "w"
n = 0
local seen = {}
for k in pairs(o) do n = n + 1; assert(not seen[k]); seen[k] = true end
assert(n == 3 and seen.view and o.view == "w", n)`); err != nil {
		t.Fatal(err)
	}
	// A table with no listed key yet gets an ordinary field.
	e := L.NewTable()
	SetUnlisted(e, "view", lua.LString("v"))
	if got := fields(e); got != "view=v " {
		t.Errorf("fields of a table without keys %q, want \"view=v \"", got)
	}
}

// An unlisted field on a bound table costs no key-index map.
func TestSetUnlistedSmall(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	const n = 2000
	tables := make([]*lua.LTable, n)
	for i := range tables {
		tables[i] = L.CreateTable(0, 8)
		Bind(L, tables[i], i)
	}
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	h0 := heap()
	for _, tbl := range tables {
		SetUnlisted(tbl, "view", lua.LTrue)
	}
	per := (int64(heap()) - int64(h0)) / n
	runtime.KeepAlive(tables)
	if per > 64 {
		t.Errorf("an unlisted field took %d bytes per table, want at most 64 (no key-index map)", per)
	}
}
