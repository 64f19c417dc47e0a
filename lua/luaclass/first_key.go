package luaclass

import lua "github.com/yuin/gopher-lua"

// A task table that New makes holds, most of the time, nothing but its
// light binding (bind_light.go): a composite's fields are its Go task's.
// Such a table is made without a string map (issue 23, build per agent:
// one allocation and 48 bytes less for each of a warrior's fourteen
// task tables), and gopher-lua would give it its default 32-entry map
// (2.2 KB) on a first string key. SizeFirstKey, which the write hooks
// (method_writes.go: SETTABLE, SETTABLEKS, rawset) call before a string
// key goes into a table whose map is not made yet, gives such a table
// the map a table made by CreateTable(0, n) has: a map header whose
// slots come with the first key. Contents, lengths and the order next
// visits keys in are gopher-lua's.

// SizeFirstKey gives tbl an empty string map when it has none yet and is
// light-bound to a Go object (see BindUserData); any other table is left
// to gopher-lua. Call it before a string key is stored in tbl.
func SizeFirstKey(tbl *lua.LTable) {
	if !layout.ok || tbl == nil {
		return
	}
	f := fieldsOf(tbl)
	if *f.strdict == nil && lightSlot(f) {
		*f.strdict = make(map[string]lua.LValue)
	}
}
