package luaclass

import lua "github.com/yuin/gopher-lua"

// key is the raw field of a table that holds its Go object (a userdata),
// the same for every binding. Scripts never need it; Merge leaves it alone.
const key = "__go"

// Bind stores v as the Go object of tbl (its own, not inherited).
func Bind(L *lua.LState, tbl *lua.LTable, v any) {
	ud := L.NewUserData()
	ud.Value = v
	BindUserData(tbl, ud)
}

// Own returns the Go object bound to tbl itself, or nil.
func Own(tbl *lua.LTable) any {
	if ud, ok := tbl.RawGetString(key).(*lua.LUserData); ok {
		return ud.Value
	}
	return nil
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

// IsKey reports whether k is the hidden field that holds Go objects.
func IsKey(k lua.LValue) bool {
	s, ok := k.(lua.LString)
	return ok && s == key
}

// BindUserData stores ud, whose Value is the Go object, as the Go object
// of tbl; a binding may keep ud inside its Go object (one allocation
// instead of two). A table bound before any other key is set (a task
// table when New makes it) is bound with less memory (see bindLight);
// next and pairs still visit the hidden field, first. Only Bind and
// BindUserData may set the field: a script's rawset(t, "__go", v) after
// a delete of it would make pairs skip keys of t.
func BindUserData(tbl *lua.LTable, ud *lua.LUserData) {
	if !bindLight(tbl, ud) {
		tbl.RawSetString(key, ud)
	}
}
