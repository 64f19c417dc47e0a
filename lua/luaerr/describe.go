package luaerr

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"
)

// Describe formats a Lua value for an error message: strings quoted,
// numbers and booleans as such, other types by type name ("a table").
func Describe(v lua.LValue) string {
	switch x := v.(type) {
	case lua.LString:
		return fmt.Sprintf("%q (a string)", string(x))
	case lua.LNumber:
		return fmt.Sprintf("%v (a number)", x)
	case *lua.LNilType:
		return "nil"
	case lua.LBool:
		return fmt.Sprintf("%v (a boolean)", x)
	}
	return "a " + v.Type().String()
}

// Defined returns "file:line" where the Lua function fn is defined, or "?"
// for a Go function or nil.
func Defined(fn *lua.LFunction) string {
	if fn == nil || fn.IsG || fn.Proto == nil {
		return "?"
	}
	return fmt.Sprintf("%s:%d", fn.Proto.SourceName, fn.Proto.LineDefined)
}
