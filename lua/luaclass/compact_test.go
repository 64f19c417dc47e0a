package luaclass

import (
	"runtime"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// Compact works with the gopher-lua version in go.mod: if an upgrade
// moves LTable's string map, this fails rather than Compact silently
// doing nothing.
func TestCompactable(t *testing.T) {
	if !Compactable() {
		t.Fatal("gopher-lua's LTable has no strdict map[string]LValue field: Compact is disabled")
	}
}

// A compacted table keeps its fields, the order next visits them, and
// takes new fields; its string map shrinks from gopher-lua's 32-entry
// default to one sized for its keys.
func TestCompactKeepsContents(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	const n = 1000
	if err := L.DoString(`
objs = {}
for i = 1, 1000 do
    local o = {}
    o.name = "o" .. i
    o.n = i
    o[1] = true
    o.gone = 1
    o.gone = nil
    objs[i] = o
end`); err != nil {
		t.Fatal(err)
	}
	objs := L.GetGlobal("objs").(*lua.LTable)
	keys := func(o *lua.LTable) string {
		var b strings.Builder
		for k, v := o.Next(lua.LNil); k != lua.LNil; k, v = o.Next(k) {
			b.WriteString(k.String() + "=" + v.String() + " ")
		}
		return b.String()
	}
	before := keys(objs.RawGetInt(7).(*lua.LTable))
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	h0 := heap()
	for i := 1; i <= n; i++ {
		Compact(objs.RawGetInt(i).(*lua.LTable), 1)
	}
	h1 := heap()
	o := objs.RawGetInt(7).(*lua.LTable)
	if after := keys(o); after != before || after != "1=true name=o7 n=7 " {
		t.Errorf("fields after Compact %q, before %q", after, before)
	}
	if err := L.DoString(`local o = objs[7]; o.extra = "x"; o.name = "renamed"; assert(o.extra == "x" and o.name == "renamed" and o.n == 7)`); err != nil {
		t.Error(err)
	}
	if saved := (int64(h0) - int64(h1)) / n; saved < 1500 {
		t.Errorf("Compact saved %d bytes per table, want at least 1500 (gopher-lua's 32-entry map)", saved)
	}
}

// smallMap reads Go's map headers with the Go version in go.mod: if an
// upgrade changes them, this fails rather than Compact silently
// rebuilding every map again.
func TestSmallMapLayout(t *testing.T) {
	if !mapLayoutOK {
		t.Fatal("Go's map header is not laid out as mapHeader says: Compact rebuilds small maps")
	}
	small := map[string]lua.LValue{"a": lua.LTrue}
	if !smallMap(small) {
		t.Error("a map of one key is not small")
	}
	if smallMap(make(map[string]lua.LValue, 32)) {
		t.Error("gopher-lua's 32-entry map reads as small")
	}
}

// Compact keeps a table whose map is small already (a table SizeObjects
// sized, or made by a constructor) as it is: the same map, no
// allocation.
func TestCompactKeepsSmallMap(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	SizeObjects(L)
	if err := L.DoString(`C = {}; O = setmetatable({}, C); O.name = "o"; O.n = 1`); err != nil {
		t.Fatal(err)
	}
	o := L.GetGlobal("O").(*lua.LTable)
	p := strdictOf(o)
	before := header(*p)
	if allocs := testing.AllocsPerRun(10, func() { Compact(o, 1) }); allocs != 0 {
		t.Errorf("Compact of a small map made %v allocations, want 0", allocs)
	}
	if header(*p) != before {
		t.Error("Compact replaced a small map")
	}
	if o.RawGetString("name") != lua.LString("o") || o.RawGetString("n") != lua.LNumber(1) {
		t.Error("fields lost")
	}
}
