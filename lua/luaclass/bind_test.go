package luaclass

import (
	"runtime"
	"strings"
	"testing"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// fields lists tbl's fields as next visits them, "k=v " each ("__go " for
// the hidden string field of a table bound after it had keys).
func fields(tbl *lua.LTable) string {
	var b strings.Builder
	for k, v := tbl.Next(lua.LNil); k != lua.LNil; k, v = tbl.Next(k) {
		if IsKey(k) {
			if _, ok := v.(*lua.LUserData); ok {
				b.WriteString("__go ")
				continue
			}
		}
		b.WriteString(k.String() + "=" + v.String() + " ")
	}
	return b.String()
}

// heapBytes returns the live heap after a collection.
func heapBytes() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// A table bound while it holds no fields keeps its Go object, and next
// and pairs visit its fields exactly once each, in the order they were
// set, and never the binding, whatever is set or deleted afterwards;
// binding again replaces the object. A table with fields already is bound
// with the hidden string field, which pairs lists.
func TestBindUserDataKeepsFields(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	o := L.CreateTable(0, 8)
	ud := L.NewUserData()
	ud.Value = "first"
	BindUserData(o, ud)
	if got := fields(o); got != "" {
		t.Errorf("fields of a bound empty table %q, want none", got)
	}
	if k, v := o.Next(lua.LNil); k != lua.LNil || v != lua.LNil {
		t.Errorf("next(o) = %v, %v, want nil", k, v)
	}
	L.SetGlobal("o", o)
	if err := L.DoString(`
assert(next(o) == nil, "next of a bound empty table")
o.name = "n"; o.x = 1; o[1] = true; o.gone = 2; o.gone = nil; o[o] = 3
local seen, count = {}, 0
for k, v in pairs(o) do
    assert(type(k) ~= "userdata", "pairs listed the binding")
    assert(not seen[k], "key visited twice: " .. tostring(k))
    seen[k] = true
    count = count + 1
end
assert(count == 4, "pairs visited " .. count .. " keys, want 4 (1, name, x, o)")
assert(o.name == "n" and o.x == 1 and o[1] == true and o[o] == 3)
assert(rawget(o, "__go") == nil)`); err != nil {
		t.Fatal(err)
	}
	if v := Own(o); v != "first" {
		t.Errorf("Own(o) after fields = %v, want first", v)
	}
	ud2 := L.NewUserData()
	ud2.Value = "second"
	BindUserData(o, ud2)
	if v := Own(o); v != "second" {
		t.Errorf("Own after a second bind = %v, want second", v)
	}
	if got, want := fields(o), "1=true name=n x=1 "+o.String()+"=3 "; got != want {
		t.Errorf("fields after a second bind %q, want %q", got, want)
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

// A bound task table that later gets string, number and table keys lists
// them in next's order (the array part, then the other keys in the order
// they were first set), each once; deleting them all empties it again.
func TestBindLightNextOrder(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	o := L.NewTable()
	Bind(L, o, "task")
	L.SetGlobal("o", o)
	if err := L.DoString(`
key = {}
o.a = "s"; o[2.5] = "half"; o[key] = "t"; o[-1] = "neg"; o[1] = "one"; o.b = "s2"; o[true] = "bool"
order = {}
for k, v in pairs(o) do order[#order + 1] = tostring(v) end
listed = table.concat(order, " ")
o.a = nil; o[key] = nil
order = {}
local k, v = next(o)
while k ~= nil do order[#order + 1] = tostring(v); k, v = next(o, k) end
after = table.concat(order, " ")
o[1] = nil; o[2.5] = nil; o[-1] = nil; o.b = nil; o[true] = nil
empty = next(o) == nil`); err != nil {
		t.Fatal(err)
	}
	if got, want := L.GetGlobal("listed").String(), "one s half t neg s2 bool"; got != want {
		t.Errorf("pairs order %q, want %q", got, want)
	}
	if got, want := L.GetGlobal("after").String(), "one half neg s2 bool"; got != want {
		t.Errorf("next order after deletes %q, want %q", got, want)
	}
	if L.GetGlobal("empty") != lua.LTrue {
		t.Error("next of a bound table whose keys were all deleted is not nil")
	}
	if v := Own(o); v != "task" {
		t.Errorf("Own = %v, want task", v)
	}
}

// The hidden string field of a script: on a table bound before its keys,
// rawget(t, "__go") is nil and rawset(t, "__go", v) sets an ordinary
// field, listed by pairs, which does not change the Go object.
func TestBindLightScriptGoField(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	o := L.NewTable()
	Bind(L, o, "task")
	L.SetGlobal("o", o)
	if err := L.DoString(`
before = rawget(o, "__go")
rawset(o, "__go", 5)
o.name = "n"
got = rawget(o, "__go")
n = 0
for k, v in pairs(o) do n = n + 1 end
rawset(o, "__go", nil)
m = 0
for k, v in pairs(o) do m = m + 1 end`); err != nil {
		t.Fatal(err)
	}
	if L.GetGlobal("before") != lua.LNil || L.GetGlobal("got") != lua.LNumber(5) {
		t.Errorf("rawget __go before %v, after rawset %v; want nil, 5", L.GetGlobal("before"), L.GetGlobal("got"))
	}
	if L.GetGlobal("n") != lua.LNumber(2) || L.GetGlobal("m") != lua.LNumber(1) {
		t.Errorf("pairs listed %v then %v keys, want 2 (__go, name) then 1", L.GetGlobal("n"), L.GetGlobal("m"))
	}
	if v := Own(o); v != "task" {
		t.Errorf("Own = %v after the script's __go field, want task", v)
	}
}

// A table whose first key is a script's userdata is not bound: Own finds
// nothing, and binding it sets the hidden string field, after that key.
func TestBindLightUserDataKeyFirst(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	o := L.NewTable()
	key := L.NewUserData()
	key.Value = "not a binding"
	o.RawSet(key, lua.LString("v"))
	if v := Own(o); v != nil {
		t.Errorf("Own of a table with a userdata key first = %v, want nil", v)
	}
	Bind(L, o, "task")
	if v := Own(o); v != "task" {
		t.Errorf("Own after Bind = %v, want task", v)
	}
	if got, want := fields(o), key.String()+"=v __go "; got != want {
		t.Errorf("fields %q, want %q", got, want)
	}
}

// Binding an empty table costs a one-key list and an empty key-index map:
// no string map entry (issue 9: every task has a table).
func TestBindUserDataSmall(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	const n = 2000
	tables := make([]*lua.LTable, n)
	uds := make([]*lua.LUserData, n)
	for i := range tables {
		tables[i] = L.CreateTable(0, 8)
		uds[i] = L.NewUserData()
		uds[i].Value = i
	}
	h0 := heapBytes()
	for i, tbl := range tables {
		BindUserData(tbl, uds[i])
	}
	per := (int64(heapBytes()) - int64(h0)) / n
	runtime.KeepAlive(tables)
	if per > 96 {
		t.Errorf("binding an empty table took %d bytes, want at most 96 (a one-key list and an empty key-index map)", per)
	}
	for i, tbl := range tables {
		if Own(tbl) != i {
			t.Fatalf("Own(table %d) = %v", i, Own(tbl))
		}
	}
}

// bindLight finds LTable's fields in the gopher-lua version of go.mod,
// and gopher-lua keeps every key of the key list in the key-index map (a
// light binding is told from a script's first key by its missing entry):
// if an upgrade changes either, this fails rather than Bind silently
// taking more memory or Own misreading a table.
func TestBindLightLayout(t *testing.T) {
	if !layout.ok {
		t.Fatal("gopher-lua's LTable has no dict, strdict, keys or k2i field of the expected type: bindLight is disabled")
	}
	L := lua.NewState()
	defer L.Close()
	o := L.NewTable()
	ud := L.NewUserData()
	o.RawSet(ud, lua.LTrue)
	o.RawSetString("s", lua.LTrue)
	o.RawSet(lua.LNumber(0.5), lua.LTrue)
	o.RawSetString("s", lua.LNil)
	keys := *(*[]lua.LValue)(unsafe.Add(unsafe.Pointer(o), layout.keys))
	k2i := *(*map[lua.LValue]int)(unsafe.Add(unsafe.Pointer(o), layout.k2i))
	if len(keys) != 3 || keys[0] != ud || len(k2i) != len(keys) {
		t.Fatalf("gopher-lua's key list %v and key-index map %v: want 3 keys, the userdata first, each indexed", keys, k2i)
	}
	if lightBinding(o) != nil {
		t.Error("a table whose first key is a userdata reads as bound")
	}
	Bind(L, o, "x")
	if lightBinding(o) != nil {
		t.Error("a table bound after its keys reads as bound light")
	}
	e := L.NewTable()
	e.RawSetString("never", lua.LNil) // gopher-lua makes the key list, empty
	Bind(L, e, "y")
	if ud := lightBinding(e); ud == nil || ud.Value != "y" {
		t.Errorf("lightBinding of a table bound empty = %v", ud)
	}
}

// An unlisted field reads as any field, next and pairs skip it, and a
// script that assigns it makes it an ordinary field, listed once; on a
// bound table with no string map yet too.
func TestSetUnlisted(t *testing.T) {
	for _, hash := range []int{0, 8} {
		L := lua.NewState()
		o := L.CreateTable(0, hash)
		Bind(L, o, "go")
		SetUnlisted(o, "view", lua.LString("v"))
		if got := fields(o); got != "" {
			t.Errorf("hash %d: fields of a bound table with only an unlisted field %q, want none", hash, got)
		}
		o.RawSetString("name", lua.LString("n"))
		if got := fields(o); got != "name=n " {
			t.Errorf("hash %d: fields %q, want \"name=n \"", hash, got)
		}
		L.SetGlobal("o", o)
		if err := L.DoString(`
assert(o.view == "v" and rawget(o, "view") == "v")
local n = 0
for k in pairs(o) do n = n + 1; assert(k ~= "view") end
assert(n == 1, n)
o.view = "w"
n = 0
local seen = {}
for k in pairs(o) do n = n + 1; assert(not seen[k]); seen[k] = true end
assert(n == 2 and seen.view and o.view == "w", n)`); err != nil {
			t.Errorf("hash %d: %v", hash, err)
		}
		if v := Own(o); v != "go" {
			t.Errorf("hash %d: Own = %v, want go", hash, v)
		}
		L.Close()
	}
	// A table with no listed key yet (unbound) gets an ordinary field.
	L := lua.NewState()
	defer L.Close()
	e := L.NewTable()
	SetUnlisted(e, "view", lua.LString("v"))
	if got := fields(e); got != "view=v " {
		t.Errorf("fields of a table without keys %q, want \"view=v \"", got)
	}
}

// A bound table with an unlisted field costs one small string map beside
// the binding, no key-index entry.
func TestSetUnlistedSmall(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	const n = 2000
	tables := make([]*lua.LTable, n)
	for i := range tables {
		tables[i] = L.CreateTable(0, 0)
	}
	h0 := heapBytes()
	for i, tbl := range tables {
		Bind(L, tbl, i)
		SetUnlisted(tbl, "view", lua.LTrue)
	}
	per := (int64(heapBytes()) - int64(h0)) / n
	runtime.KeepAlive(tables)
	// The userdata (Bind's), the one-key list, the empty key-index map
	// and the string map with one group of 8 slots.
	if per > 480 {
		t.Errorf("a bound table with an unlisted field took %d bytes, want at most 480", per)
	}
}

// Unbind leaves a table without its Go object and with its fields, for
// either kind of binding; a table unbound from a light binding is bound
// light again.
func TestUnbind(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	light := L.NewTable()
	Bind(L, light, "light")
	light.RawSetString("a", lua.LNumber(1))
	full := L.NewTable()
	full.RawSetString("a", lua.LNumber(1))
	Bind(L, full, "full")
	for _, tbl := range []*lua.LTable{light, full} {
		Unbind(tbl)
		if v := Own(tbl); v != nil {
			t.Errorf("Own after Unbind = %v", v)
		}
		if got := fields(tbl); got != "a=1 " {
			t.Errorf("fields after Unbind %q, want \"a=1 \"", got)
		}
	}
	Bind(L, light, "again")
	if v, ud := Own(light), lightBinding(light); v != "again" || ud == nil {
		t.Errorf("Own after a new Bind = %v (light %v), want again, light", v, ud)
	}
	if got := fields(light); got != "a=1 " {
		t.Errorf("fields after a new Bind %q, want \"a=1 \"", got)
	}
}
