package goaplib

import (
	"github.com/btlua/btlua/lua/luaclass"
	lua "github.com/yuin/gopher-lua"
)

// setNode stores x as the Go side of tbl (see luaclass.Bind: the one
// hidden field of every binding, which hot reload's merge leaves alone, so
// a class keeps its own Go side across reloads).
func (lib *Lib) setNode(tbl *lua.LTable, x any) { luaclass.Bind(lib.L, tbl, x) }

// nodeOf returns the Go side stored in tbl itself (not inherited), or nil.
func nodeOf(tbl *lua.LTable) any { return luaclass.Own(tbl) }
