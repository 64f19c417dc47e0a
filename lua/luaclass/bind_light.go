package luaclass

import (
	"reflect"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// This file binds a Go object to a table that holds no key yet without
// any of gopher-lua's per-key storage (issue 9: every task of every agent
// has a table, most of them holding only their Go object). gopher-lua
// keeps a table's hashed keys in a list (keys), each key's place in the
// list in a map (k2i), and the values in a string map (strdict) and
// another map (dict). bindLight puts the binding userdata first in the
// key list and in neither map:
//
//   - next(t) returns nil while the maps are empty (it never reads the
//     list then); once a key is set, next starts at keys[0], finds no
//     value for the userdata (RawGetH looks only in the maps) and goes on
//     from k2i[ud]+1 = 1, as the userdata has no k2i entry: pairs lists
//     every key once, the binding never;
//   - gopher-lua writes k2i when a key is added to a table whose key list
//     exists, so the list's first binding comes with an empty k2i;
//   - gopher-lua gives every key of the list its k2i entry, so a first
//     key without one (len(k2i) == len(keys)-1) is a light binding, never
//     a script's userdata key that happens to be first;
//   - the string map is left as it is: nil, or the empty map a table
//     made by CreateTable(0, n) has (a map header; its slots are
//     allocated on the first string key, as small as the map was sized,
//     not the 32 slots gopher-lua gives a nil map).
//
// A binding of a table that has keys already is the hidden string field
// (object.go). The fields are reached through their offsets, located
// with reflect once and checked (TestBindLightLayout); with another
// layout bindLight does nothing and Bind sets the string field.

// tableLayout holds the offsets of LTable's unexported fields that
// bindLight reads and writes.
type tableLayout struct {
	ok                  bool
	dict, strdict, keys uintptr
	k2i                 uintptr
}

var layout = func() tableLayout {
	var l tableLayout
	var ok [4]bool
	l.dict, ok[0] = fieldOffset("dict", reflect.TypeOf(map[lua.LValue]lua.LValue(nil)))
	l.strdict, ok[1] = fieldOffset("strdict", reflect.TypeOf(map[string]lua.LValue(nil)))
	l.keys, ok[2] = fieldOffset("keys", reflect.TypeOf([]lua.LValue(nil)))
	l.k2i, ok[3] = fieldOffset("k2i", reflect.TypeOf(map[lua.LValue]int(nil)))
	l.ok = ok[0] && ok[1] && ok[2] && ok[3]
	return l
}()

// tableFields are pointers to the unexported fields of one table.
type tableFields struct {
	dict    *map[lua.LValue]lua.LValue
	strdict *map[string]lua.LValue
	keys    *[]lua.LValue
	k2i     *map[lua.LValue]int
}

func fieldsOf(tbl *lua.LTable) tableFields {
	base := unsafe.Pointer(tbl)
	return tableFields{
		dict:    (*map[lua.LValue]lua.LValue)(unsafe.Add(base, layout.dict)),
		strdict: (*map[string]lua.LValue)(unsafe.Add(base, layout.strdict)),
		keys:    (*[]lua.LValue)(unsafe.Add(base, layout.keys)),
		k2i:     (*map[lua.LValue]int)(unsafe.Add(base, layout.k2i)),
	}
}

// lightSlot reports whether tbl's first key is a light binding's place:
// the first key of the list has no k2i entry (see above). The place holds
// the binding userdata, or LNil once Unbind has emptied it.
func lightSlot(f tableFields) bool {
	return len(*f.keys) > 0 && len(*f.k2i) == len(*f.keys)-1
}

// lightBinding returns the userdata bindLight stored in tbl, or nil.
func lightBinding(tbl *lua.LTable) *lua.LUserData {
	if !layout.ok || tbl == nil {
		return nil
	}
	f := fieldsOf(tbl)
	if len(*f.keys) == 0 {
		return nil
	}
	// The type first: a table bound with the string field usually has a
	// string first, and its k2i is not read.
	if ud, ok := (*f.keys)[0].(*lua.LUserData); ok && lightSlot(f) {
		return ud
	}
	return nil
}

// bindLight stores ud as tbl's Go object when tbl has no hashed key yet
// (first in the key list, with no k2i entry), or replaces the Go object
// it stored before; ud == nil empties the place (the table reads as
// unbound, and next still skips the place). It reports whether it did.
func bindLight(tbl *lua.LTable, ud *lua.LUserData) bool {
	return bindLightIn(tbl, ud, nil)
}

// bindLightIn is bindLight, whose new key list is list (empty, with room
// for one key) when list is not nil.
func bindLightIn(tbl *lua.LTable, ud *lua.LUserData, list []lua.LValue) bool {
	if !layout.ok || tbl == nil {
		return false
	}
	f := fieldsOf(tbl)
	var v lua.LValue = ud
	if ud == nil {
		v = lua.LNil
	}
	if lightSlot(f) {
		(*f.keys)[0] = v
		return true
	}
	if ud == nil || len(*f.keys) > 0 || len(*f.strdict) > 0 || len(*f.dict) > 0 {
		return false
	}
	if list == nil {
		list = make([]lua.LValue, 0, 1)
	}
	*f.keys = append(list, ud)
	if *f.k2i == nil {
		*f.k2i = map[lua.LValue]int{}
	}
	return true
}

// SetUnlisted stores v under name in tbl: reads (t.name, rawget) find it
// as any field, but next and pairs do not list it, and it costs no entry
// in gopher-lua's key list and key-index map (for a view the binding puts
// on a task table, a parent's childTasks). A script that assigns the
// field afterwards makes it an ordinary, listed field. On a table bound
// before it had keys, the field goes into the string map (made for one
// key when the table has none): next starts from the binding's place in
// the key list, which such a table has. A table without a listed key
// yet, or a gopher-lua with another table layout, gets an ordinary
// field.
func SetUnlisted(tbl *lua.LTable, name string, v lua.LValue) {
	if layout.ok && tbl != nil && v != lua.LNil {
		f := fieldsOf(tbl)
		if len(*f.keys) > 0 {
			watchName(name, watchUnlisted) // its writes list it: not fastWrite's (method_writes.go)
			if *f.strdict == nil {
				*f.strdict = make(map[string]lua.LValue, 1)
			}
			(*f.strdict)[name] = v
			return
		}
	}
	tbl.RawSetString(name, v)
}
