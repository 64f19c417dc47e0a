package btlib

import (
	"github.com/btlua/btlua/lua/luaclass"
	lua "github.com/yuin/gopher-lua"
)

// The readers of method arguments. gopher-lua's L.CheckString and
// L.CheckInt count self as argument #1 of a method call, so
// tree:SetVariable(nil, 1) said "bad argument #2" of the first argument
// the script wrote; these name the method and the parameter instead
// ("SetVariable: name must be a string, got nil"), as the constructors'
// errors do (see Param), and the Lua error adds file:line.

// argName reads argument n of the method what as a variable name: a
// string, or a number taken as its text as Lua's string functions take it.
func argName(L *lua.LState, n int, what string) string {
	s, err := luaclass.String(L.Get(n), "name")
	if err != nil {
		L.RaiseError("%s: %v", what, err)
	}
	return s
}

// argInt reads argument n of the method what, the parameter arg, as a
// whole number (luaclass.Integer).
func argInt(L *lua.LState, n int, what, arg string) int {
	i, err := luaclass.Integer(L.Get(n), arg)
	if err != nil {
		L.RaiseError("%s: %v", what, err)
	}
	return i
}

// argBool reads argument n of the method what, the parameter arg, as true
// or false (luaclass.Bool).
func argBool(L *lua.LState, n int, what, arg string) bool {
	b, err := luaclass.Bool(L.Get(n), arg)
	if err != nil {
		L.RaiseError("%s: %v", what, err)
	}
	return b
}
