package btlib

import lua "github.com/yuin/gopher-lua"

// getField returns tbl[key] as Lua's tbl.key reads it (L.GetField): the
// table's own field, else through __index. It walks a chain of tables
// (an instance, its class, the base classes: the series' class pattern)
// itself, without gopher-lua's generic metamethod dispatch, and leaves
// any other __index (a function, such as a built-in parent class's, see
// children_lazy.go) to L.GetTable from the start. A task's name is read
// this way when it is bound and when it is attached, for every task built
// (issue 9, build time). key is a Lua string; give a constant
// (lua.LString("name")) or a value kept, so that calling the __index
// function boxes nothing.
func getField(L *lua.LState, tbl *lua.LTable, key lua.LValue) lua.LValue {
	name, ok := key.(lua.LString)
	if !ok {
		return L.GetTable(tbl, key)
	}
	cur := tbl
	for range lua.MaxTableGetLoop { // gopher-lua's bound, beyond which it raises
		if v := cur.RawGetString(string(name)); v != lua.LNil {
			return v
		}
		mt, ok := cur.Metatable.(*lua.LTable)
		if !ok {
			return lua.LNil
		}
		switch idx := mt.RawGetString("__index").(type) {
		case *lua.LNilType:
			return lua.LNil
		case *lua.LTable:
			cur = idx
		default:
			return L.GetTable(tbl, key)
		}
	}
	return L.GetTable(tbl, key)
}
