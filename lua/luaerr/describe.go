package luaerr

import (
	"fmt"
	"math"

	lua "github.com/yuin/gopher-lua"
)

// Describe formats a Lua value for an error message: strings quoted,
// numbers and booleans as such, other types by type name ("a table").
// gopher-lua's math.huge is the largest finite float64, not infinity: it
// shows as "math.huge (a number)" (negated: "-math.huge"); infinities
// (1/0) show as "+Inf", NaN (0/0) as "NaN".
func Describe(v lua.LValue) string {
	switch x := v.(type) {
	case lua.LString:
		return fmt.Sprintf("%q (a string)", string(x))
	case lua.LNumber:
		return Number(float64(x)) + " (a number)"
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

// Finite reports whether n is a number a script can mean as finite: not
// NaN, not ±Inf, and not ±math.huge, which gopher-lua defines as the
// largest finite float64 where standard Lua has infinity (a script that
// writes math.huge means infinity).
func Finite(n float64) bool {
	return math.Abs(n) < math.MaxFloat64
}

// Number formats n as Describe does, without " (a number)": "42", "0.5",
// "NaN", "+Inf", "math.huge" (gopher-lua's math.huge, the largest finite
// float64) or "-math.huge".
func Number(n float64) string {
	switch n {
	case math.MaxFloat64:
		return "math.huge"
	case -math.MaxFloat64:
		return "-math.huge"
	}
	return fmt.Sprint(lua.LNumber(n))
}
