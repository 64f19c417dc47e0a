package luaclass

import lua "github.com/yuin/gopher-lua"

// SetOnlyField stores v under the string key in tbl, a table without any
// hashed key yet, as tbl.RawSetString would, leaving the same string
// map, key list and key index, in fewer allocations: key is the boxed
// lua.LString of name, made once by the caller and shared by every table
// it fills, where RawSetString boxes the name for each table (issue 23:
// BTPrecondition:New makes eight { fn = fn } tables per warrior agent).
// It reports whether it did; it does nothing for a table that has a
// hashed key, a v of nil or a key that is not name, and with another
// gopher-lua layout (the caller then calls RawSetString). TestSetOnlyField
// checks the table against RawSetString's.
func SetOnlyField(tbl *lua.LTable, name string, key, v lua.LValue) bool {
	return setOnlyFieldIn(tbl, name, key, v, nil)
}

// setOnlyFieldIn is SetOnlyField, whose key list is list (empty, with
// room for one key) when list is not nil.
func setOnlyFieldIn(tbl *lua.LTable, name string, key, v lua.LValue, list []lua.LValue) bool {
	if !layout.ok || tbl == nil || v == lua.LNil || key != lua.LString(name) {
		return false
	}
	f := fieldsOf(tbl)
	if len(*f.keys) > 0 || len(*f.strdict) > 0 || len(*f.dict) > 0 {
		return false
	}
	if *f.strdict == nil {
		*f.strdict = make(map[string]lua.LValue, 1)
	}
	(*f.strdict)[name] = v
	if list == nil {
		list = make([]lua.LValue, 0, 1)
	}
	*f.keys = append(list, key)
	*f.k2i = map[lua.LValue]int{key: 0}
	return true
}
