// Package luaclass reads the class chains of Lua tables written in the
// class style of the Lua behavior-tree series:
//
//	function X:New() local o = {}; setmetatable(o, self); self.__index = self; return o end
//
// where an instance's class is its metatable (or that metatable's
// __index), and a class's base class is found the same way.
package luaclass

import lua "github.com/yuin/gopher-lua"

// MaxDepth bounds chain walks, against cycles of metatables.
const MaxDepth = 64

// Of returns the table instances of tbl's class look fields up in: the
// metatable's __index when it is a table (other than tbl), else the
// metatable; nil at the top of the chain.
func Of(tbl *lua.LTable) *lua.LTable {
	mt, ok := tbl.Metatable.(*lua.LTable)
	if !ok {
		return nil
	}
	if idx, ok := mt.RawGetString("__index").(*lua.LTable); ok && idx != tbl {
		return idx
	}
	if mt == tbl {
		return nil
	}
	return mt
}

// Derives reports whether class is tbl itself or on tbl's class chain.
func Derives(tbl, class *lua.LTable) bool {
	for cur, n := tbl, 0; cur != nil && n < MaxDepth; n++ {
		if cur == class {
			return true
		}
		cur = Of(cur)
	}
	return false
}
