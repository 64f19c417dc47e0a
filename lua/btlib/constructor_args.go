package btlib

import (
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// ConstructorArgs returns the arguments the task was made with, as
// written and comma separated (bt.ArgsDescriber): numbers, booleans and
// nil as Lua prints them, strings quoted ("\"x\""), anything else by its
// Lua type ("function", "table"); "" when there are none. bt.DOT shows
// them on the task's node.
func (t *Task) ConstructorArgs() string {
	var b strings.Builder
	for i, a := range t.args() {
		if i > 0 {
			b.WriteString(", ")
		}
		writeArgValue(&b, a)
	}
	return b.String()
}

// writeArgValue writes a constructor argument as written: numbers,
// booleans and nil as Lua prints them, strings quoted, anything else by
// its Lua type.
func writeArgValue(b *strings.Builder, v lua.LValue) {
	switch x := v.(type) {
	case lua.LString:
		b.WriteString(strconv.Quote(string(x)))
	case lua.LNumber, lua.LBool, *lua.LNilType:
		b.WriteString(x.String())
	default:
		b.WriteString(x.Type().String())
	}
}
