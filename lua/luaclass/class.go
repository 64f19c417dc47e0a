package luaclass

import (
	"iter"

	lua "github.com/yuin/gopher-lua"
)

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

// Chain yields tbl, then its class, its class's base class and so on (see
// Of), at most MaxDepth tables.
func Chain(tbl *lua.LTable) iter.Seq[*lua.LTable] {
	return func(yield func(*lua.LTable) bool) {
		for cur, n := tbl, 0; cur != nil && n < MaxDepth; n++ {
			if !yield(cur) {
				return
			}
			cur = Of(cur)
		}
	}
}

// Derives reports whether class is tbl itself or on tbl's class chain.
func Derives(tbl, class *lua.LTable) bool {
	for cur := range Chain(tbl) {
		if cur == class {
			return true
		}
	}
	return false
}
