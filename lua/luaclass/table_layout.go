package luaclass

import (
	"reflect"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// gopher-lua offers no way to size or bind a table's maps from outside
// (issue 9: thousands of agents, each a dozen tables), so this package
// reaches LTable's unexported fields through their offsets, located once
// with reflect and checked by type: with another gopher-lua layout the
// field is not found and its users fall back to gopher-lua's own calls
// (TestBindLightLayout, TestCompactable).

// fieldOffset returns the offset of LTable's field name when it has type
// want.
func fieldOffset(name string, want reflect.Type) (uintptr, bool) {
	f, ok := reflect.TypeOf(lua.LTable{}).FieldByName(name)
	if !ok || f.Type != want {
		return 0, false
	}
	return f.Offset, true
}

// strdictOffset is the offset of LTable's string map, ^0 when LTable has
// no field strdict of type map[string]lua.LValue.
var strdictOffset = func() uintptr {
	off, ok := fieldOffset("strdict", reflect.TypeOf(map[string]lua.LValue(nil)))
	if !ok {
		return ^uintptr(0)
	}
	return off
}()

// strdictOf returns a pointer to tbl's string map; call it only when
// Compactable.
func strdictOf(tbl *lua.LTable) *map[string]lua.LValue {
	return (*map[string]lua.LValue)(unsafe.Add(unsafe.Pointer(tbl), strdictOffset))
}
