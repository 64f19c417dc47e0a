package host

import (
	"reflect"

	lua "github.com/yuin/gopher-lua"
)

// LuaType names the Lua type a script sees for v, a variable's value as
// Agent.Get, Globals.Get and Event.New give it: "nil", "boolean",
// "number", "string", "table" ([]any, map[string]any, a Lua table),
// a Lua value's or an Opaque's own type ("function", "thread", ...), and
// "userdata" for any other Go value (scripts reach it through
// gopher-luar). Debuggers use it to keep an edit to the variable's type.
func LuaType(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case lua.LValue:
		return x.Type().String()
	case Opaque:
		return x.Type
	case []any, map[string]any:
		return "table"
	}
	switch reflect.ValueOf(v).Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8,
		reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr, reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	}
	return "userdata"
}
