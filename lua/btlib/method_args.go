package btlib

import (
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// The readers of method arguments. gopher-lua's L.CheckString and
// L.CheckInt count self as argument #1 of a method call, so
// tree:SetVariable(nil, 1) said "bad argument #2" of the first argument
// the script wrote; these name the method and the parameter instead
// ("SetVariable: name must be a string, got nil"), as the constructors'
// errors do (see Param), and the Lua error adds file:line.

// argName reads argument n of the method what as a variable name: a
// string, or a finite number taken as its text as Lua's string functions
// take it (NaN or an infinity would name a variable "nan" or "inf").
func argName(L *lua.LState, n int, what string) string {
	v := L.Get(n)
	if x, ok := v.(lua.LNumber); ok && !luaerr.Finite(float64(x)) {
		L.RaiseError("%s: name must be a string, got %s", what, luaerr.Describe(v))
	}
	s, err := luaclass.String(v, "name")
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
