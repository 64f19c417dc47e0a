package luaclass

import (
	"fmt"
	"slices"
	"testing"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// TableLines names a small table's fields, its string map's header and
// the group lines holding its entries; a map with a directory only up to
// its header; an empty map no group.
func TestTableLines(t *testing.T) {
	if !layout.ok || !mapLayoutOK {
		t.Fatal("the table or map layout is not known: TableLines names only the table")
	}
	L := lua.NewState()
	defer L.Close()
	small := L.CreateTable(0, 3)
	for _, k := range []string{"health", "distance", "visible"} {
		small.RawSetString(k, lua.LTrue)
	}
	h := header(*fieldsOf(small).strdict)
	got := TableLines(nil, small)
	want := []unsafe.Pointer{unsafe.Pointer(small), unsafe.Pointer(fieldsOf(small).strdict), unsafe.Pointer(h),
		h.dirPtr, unsafe.Add(h.dirPtr, 64)} // 8 + 3*32 bytes: two lines
	if !slices.Equal(got, want) {
		t.Errorf("small table: %v, want %v", got, want)
	}

	big := L.NewTable()
	for i := range 20 {
		big.RawSetString(fmt.Sprint("k", i), lua.LTrue)
	}
	if got := TableLines(nil, big); len(got) != 3 || got[2] != unsafe.Pointer(header(*fieldsOf(big).strdict)) {
		t.Errorf("table of 20 keys: %v, want the table, its map field and the map's header", got)
	}

	empty := L.NewTable()
	if got := TableLines(nil, empty); len(got) > 3 || got[0] != unsafe.Pointer(empty) {
		t.Errorf("table without string keys: %v, want the table, its map field and any map's header", got)
	}
	if got := TableLines(nil, nil); got != nil {
		t.Errorf("nil table: %v, want nothing", got)
	}
}

// HeldTableLines names the lines of the tables a table's string keys
// hold (TableLines of each), up to its bound, and never the table itself
// nor values of other types.
func TestHeldTableLines(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	world, self := L.NewTable(), L.NewTable()
	world.RawSetString("tick", lua.LNumber(3))
	self.RawSetString("name", lua.LString("patrol"))
	self.RawSetString("world", world)
	self.RawSetString("me", self)
	if got, want := HeldTableLines(nil, self, 2), TableLines(nil, world); !slices.Equal(got, want) {
		t.Errorf("one held table: %v, want %v", got, want)
	}
	other := L.NewTable()
	self.RawSetString("other", other)
	got := HeldTableLines(nil, self, 1)
	if a, b := TableLines(nil, world), TableLines(nil, other); !slices.Equal(got, a) && !slices.Equal(got, b) {
		t.Errorf("bound 1 of two held tables: %v, want %v or %v", got, a, b)
	}
	if got := HeldTableLines(nil, self, 0); got != nil {
		t.Errorf("bound 0: %v, want nothing", got)
	}
	if got := HeldTableLines(nil, nil, 2); got != nil {
		t.Errorf("nil table: %v, want nothing", got)
	}
}
