package btlib

import (
	"github.com/btlua/btlua/lua/luaclass"
	lua "github.com/yuin/gopher-lua"
)

// nameField returns tbl.name as getField reads it, without the Go call a
// built-in parent class's __index function costs (children_lazy.go): a
// task is named when it is bound, and a new parent task's table has no
// field, so its name comes from that function, which for any key but
// childTasks walks the class chain with raw reads, as this does in place
// (issue 23, build per agent; TestNameFieldAsGetField). Any other
// __index function is called, as getField calls it.
func (lib *Lib) nameField(tbl *lua.LTable) lua.LValue {
	cur := tbl
	for range lua.MaxTableGetLoop {
		if v := cur.RawGetString("name"); v != lua.LNil {
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
		case *lua.LFunction:
			if d := lib.classes[mt]; d != nil && d.index == idx {
				return classChainField(d.table, "name")
			}
			return getField(lib.L, tbl, lua.LString("name"))
		default:
			return getField(lib.L, tbl, lua.LString("name"))
		}
	}
	return getField(lib.L, tbl, lua.LString("name"))
}

// classChainField is parentIndex's walk for key (not childTasks): class,
// then luaclass.Of of it, and so on, at most luaclass.MaxDepth tables.
func classChainField(class *lua.LTable, key string) lua.LValue {
	for cur, n := class, 0; cur != nil && n < luaclass.MaxDepth; n++ {
		if v := cur.RawGetString(key); v != lua.LNil {
			return v
		}
		cur = luaclass.Of(cur)
	}
	return lua.LNil
}
