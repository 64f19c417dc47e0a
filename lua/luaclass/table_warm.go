package luaclass

import (
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// A tree's warm set (bt.BehaviorTree.Warm, issue 23) names the cache
// lines its next tick reads, so that they are loaded in parallel before
// the tick chases its pointers one at a time. A Lua table's string keys
// live in a Go map apart from the table: a read of t.name touches the
// table, the map's header and the map's group (Go's small maps keep
// their eight slots in one group, without a directory; see
// compact_small.go). TableLines names those lines.

// slotBytes is the size of one slot of a map[string]lua.LValue's group
// (the key's string header and the value's interface), groupCtrl the
// control word that comes before the slots.
const (
	slotBytes = unsafe.Sizeof("") + unsafe.Sizeof(lua.LValue(nil))
	groupCtrl = 8
)

// TableLines appends to dst the addresses of the memory that reading one
// of tbl's string keys reads: the table's fields, its string map's header
// and, for a small map, its control word and the slots up to the count of
// its entries. With a gopher-lua or Go map layout this package does not
// know it appends only the table. The addresses keep what they point at
// alive as long as dst holds them (a map that grew keeps its old group
// alive until the caller gathers its lines again).
func TableLines(dst []unsafe.Pointer, tbl *lua.LTable) []unsafe.Pointer {
	if tbl == nil {
		return dst
	}
	dst = append(dst, unsafe.Pointer(tbl))
	if !layout.ok || !mapLayoutOK {
		return dst
	}
	f := fieldsOf(tbl)
	dst = append(dst, unsafe.Pointer(f.strdict))
	m := *f.strdict
	if m == nil {
		return dst
	}
	h := header(m)
	dst = append(dst, unsafe.Pointer(h))
	if h.dirLen != 0 || h.dirPtr == nil || h.used == 0 {
		return dst
	}
	end := groupCtrl + uintptr(min(h.used, smallMapSlots))*slotBytes
	for off := uintptr(0); off < end; off += 64 {
		dst = append(dst, unsafe.Add(h.dirPtr, off))
	}
	return dst
}

// AppendWarm appends to dst the address of the cached overrides (which a
// call of one reads) when there are any; see TableLines.
func (h *Hooks) AppendWarm(dst []unsafe.Pointer) []unsafe.Pointer {
	if h.set == 0 || len(h.fns) == 0 {
		return dst
	}
	return append(dst, unsafe.Pointer(&h.fns[0]))
}

// HeldTableLines appends to dst, for up to max of the tables that tbl's
// string keys hold now (one level: an agent's own data that a leaf reads
// through self, as self.world), what [TableLines] appends for each. With
// a table layout this package does not know it appends nothing.
func HeldTableLines(dst []unsafe.Pointer, tbl *lua.LTable, max int) []unsafe.Pointer {
	if tbl == nil || max <= 0 || !layout.ok {
		return dst
	}
	for _, v := range *fieldsOf(tbl).strdict {
		if held, ok := v.(*lua.LTable); ok && held != tbl {
			dst = TableLines(dst, held)
			if max--; max == 0 {
				break
			}
		}
	}
	return dst
}
