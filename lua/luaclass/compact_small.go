package luaclass

import (
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// Compact cannot shrink a map that is already as small as a Go map gets:
// one group of 8 slots, which Go's maps (Go 1.24 and later) keep without
// a directory. A table whose map SizeObjects made, or that a table
// constructor sized, has such a map; rebuilding it would cost two
// allocations and give the same map. smallMap reads that from the map's
// header: its first word is the count of entries and its fourth the
// length of its directory, 0 for a small map. The layout is checked at
// start-up against maps of known shape (mapLayoutOK); with another
// layout smallMap reports false and Compact rebuilds as before
// (TestSmallMapLayout fails so that it is noticed).

// smallMapSlots is how many keys a small map holds.
const smallMapSlots = 8

// mapHeader is the start of Go's map header (internal/runtime/maps.Map).
type mapHeader struct {
	used   uint64
	_      uintptr // seed
	dirPtr unsafe.Pointer
	dirLen int
}

// header returns the header of m.
func header(m map[string]lua.LValue) *mapHeader {
	return *(**mapHeader)(unsafe.Pointer(&m))
}

// mapLayoutOK is whether map headers read as mapHeader says: checked on a
// small map and on two maps with a directory.
var mapLayoutOK = func() bool {
	small := map[string]lua.LValue{}
	small["a"], small["b"], small["c"] = lua.LTrue, lua.LTrue, lua.LTrue
	sized := make(map[string]lua.LValue, 32)
	sized["a"] = lua.LTrue
	big := map[string]lua.LValue{}
	for i := range 100 {
		big[string(rune('a'+i%26))+string(rune('a'+i/26))] = lua.LTrue
	}
	s, z, b := header(small), header(sized), header(big)
	return s.used == 3 && s.dirLen == 0 && s.dirPtr != nil &&
		z.used == 1 && z.dirLen >= 1 && b.used == 100 && b.dirLen >= 1
}()

// smallMap reports whether m is a small map (see above).
func smallMap(m map[string]lua.LValue) bool {
	if !mapLayoutOK || m == nil {
		return false
	}
	h := header(m)
	return h.dirLen == 0 && h.used == uint64(len(m))
}
