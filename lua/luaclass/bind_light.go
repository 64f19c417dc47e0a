package luaclass

import (
	"reflect"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// This file binds a Go object to a table that holds no key yet with less
// memory than gopher-lua's RawSetString (issue 9: every task of every
// agent has a table, most of them holding only their Go object). Besides
// its string map, gopher-lua keeps a table's keys in a list (keys) and
// each key's place in the list in a second map (k2i), which next reads
// to find the key after a given one: for one key, that map is another
// 250 bytes. next looks a key up in k2i only to continue after it, and a
// key missing from k2i counts as place 0; so the first key of the list
// needs no entry. bindLight puts the Go object first, with an empty k2i:
// the keys set later get their entries as usual, and next visits every
// key once, the Go object first. The fields are reached through their
// offsets, located with reflect once and checked (TestBindLightLayout);
// with another layout bindLight does nothing and Bind sets the key as
// any other.

// tableLayout holds the offsets of LTable's unexported fields that
// bindLight writes.
type tableLayout struct {
	ok                  bool
	dict, strdict, keys uintptr
	k2i                 uintptr
}

var layout = func() tableLayout {
	typ := reflect.TypeOf(lua.LTable{})
	field := func(name string, want reflect.Type) (uintptr, bool) {
		f, ok := typ.FieldByName(name)
		if !ok || f.Type != want {
			return 0, false
		}
		return f.Offset, true
	}
	var l tableLayout
	var ok [4]bool
	l.dict, ok[0] = field("dict", reflect.TypeOf(map[lua.LValue]lua.LValue(nil)))
	l.strdict, ok[1] = field("strdict", reflect.TypeOf(map[string]lua.LValue(nil)))
	l.keys, ok[2] = field("keys", reflect.TypeOf([]lua.LValue(nil)))
	l.k2i, ok[3] = field("k2i", reflect.TypeOf(map[lua.LValue]int(nil)))
	l.ok = ok[0] && ok[1] && ok[2] && ok[3]
	return l
}()

// bindLight stores ud as tbl's Go object when tbl has no hashed key yet
// (keys first in the key list, with no k2i entry), or replaces the Go
// object it stored before; it reports whether it did.
func bindLight(tbl *lua.LTable, ud *lua.LUserData) bool {
	if !layout.ok || tbl == nil {
		return false
	}
	base := unsafe.Pointer(tbl)
	strdict := (*map[string]lua.LValue)(unsafe.Add(base, layout.strdict))
	keys := (*[]lua.LValue)(unsafe.Add(base, layout.keys))
	k2i := (*map[lua.LValue]int)(unsafe.Add(base, layout.k2i))
	dict := (*map[lua.LValue]lua.LValue)(unsafe.Add(base, layout.dict))
	if len(*keys) > 0 && (*keys)[0] == lua.LString(key) {
		// Bound here before, or the first key set: replace the value, keep
		// its place.
		if *strdict == nil {
			return false
		}
		(*strdict)[key] = ud
		return true
	}
	if *keys != nil || len(*strdict) > 0 || len(*dict) > 0 {
		return false
	}
	if *strdict == nil {
		*strdict = make(map[string]lua.LValue, 1)
	}
	(*strdict)[key] = ud
	*keys = []lua.LValue{lua.LString(key)}
	*k2i = map[lua.LValue]int{}
	return true
}

// SetUnlisted stores v under name in tbl: reads (t.name, rawget) find it
// as any field, but next and pairs do not list it, and it costs no entry
// in gopher-lua's key list and key-index map (for a view the binding puts
// on a task table, a parent's childTasks). A script that assigns the
// field afterwards makes it an ordinary, listed field. A table without a
// listed key yet (next needs one to start from), or a gopher-lua with
// another table layout, gets an ordinary field.
func SetUnlisted(tbl *lua.LTable, name string, v lua.LValue) {
	if layout.ok && tbl != nil && v != lua.LNil {
		base := unsafe.Pointer(tbl)
		strdict := (*map[string]lua.LValue)(unsafe.Add(base, layout.strdict))
		keys := (*[]lua.LValue)(unsafe.Add(base, layout.keys))
		if len(*keys) > 0 && *strdict != nil {
			(*strdict)[name] = v
			return
		}
	}
	tbl.RawSetString(name, v)
}
