package luaclass

import lua "github.com/yuin/gopher-lua"

// key is the raw field of a table that holds its Go object (a userdata)
// when the table had keys before it was bound. Scripts never need it;
// Merge leaves it alone.
const key = "__go"

// Bind stores v as the Go object of tbl (its own, not inherited).
func Bind(L *lua.LState, tbl *lua.LTable, v any) {
	ud := L.NewUserData()
	ud.Value = v
	BindUserData(tbl, ud)
}

// Own returns the Go object bound to tbl itself, or nil.
func Own(tbl *lua.LTable) any {
	if ud := Bound(tbl); ud != nil {
		return ud.Value
	}
	return nil
}

// Bound returns the userdata that holds the Go object of tbl itself (see
// BindUserData), or nil. A walk of the values reachable from a table
// (host's snapshot for a failed reload) reads it here: next and ForEach do
// not list the binding of a table bound before it had keys.
func Bound(tbl *lua.LTable) *lua.LUserData {
	if ud := lightBinding(tbl); ud != nil {
		return ud
	}
	ud, _ := tbl.RawGetString(key).(*lua.LUserData)
	return ud
}

// Inherited returns the Go object of the nearest table on tbl's class
// chain, tbl itself excluded, and that table; nil when none has one.
func Inherited(tbl *lua.LTable) (any, *lua.LTable) {
	for cur := range Chain(tbl) {
		if cur == tbl {
			continue
		}
		if v := Own(cur); v != nil {
			return v, cur
		}
	}
	return nil, nil
}

// IsKey reports whether k is the hidden string field that holds the Go
// object of a table bound after it had keys.
func IsKey(k lua.LValue) bool {
	s, ok := k.(lua.LString)
	return ok && s == key
}

// BindUserData stores ud, whose Value is the Go object, as the Go object
// of tbl, replacing the one it had; a binding may keep ud inside its Go
// object (one allocation instead of two), and binds ud to no other table.
// A table bound before any other key is set (a task table when New makes
// it) keeps ud outside its fields, at no cost per key (see bindLight):
// next, pairs and rawget do not see it, and a script's own "__go" field
// is a field as any other. A table that has keys already gets the hidden
// string field "__go", which pairs lists; only Bind and BindUserData may
// set it (a script's rawset(t, "__go", v) on such a table replaces the
// Go object).
func BindUserData(tbl *lua.LTable, ud *lua.LUserData) {
	if !bindLight(tbl, ud) {
		tbl.RawSetString(key, ud)
	}
}

// Unbind removes the Go object of tbl itself, so that Own(tbl) is nil (a
// failed reload puts back the tables it found unbound). The fields of
// tbl and the order next visits them in do not change.
func Unbind(tbl *lua.LTable) {
	if lightBinding(tbl) != nil {
		bindLight(tbl, nil)
	}
	if _, ok := tbl.RawGetString(key).(*lua.LUserData); ok {
		tbl.RawSetString(key, lua.LNil)
	}
}
