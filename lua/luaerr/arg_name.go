package luaerr

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// ArgName returns the name under which the Lua code calling the running
// Go function passed its argument n (1 for the first, counting a method
// call's self): "isHungry" for f(isHungry) with a local, a global or an
// upvalue, "Rest" for f(ai.Rest) or f(self.Rest). It is "" when the code
// does not tell (a function written in place, a call's result, a caller
// that is not Lua, a gopher-lua whose frames cannot be read).
func ArgName(L *lua.LState, n int) string {
	dbg, ok := L.GetStack(1)
	if !ok || n < 1 {
		return ""
	}
	fv, err := L.GetInfo("f", dbg, lua.LNil)
	if err != nil {
		return ""
	}
	fn, isFn := fv.(*lua.LFunction)
	if !isFn || fn.IsG || fn.Proto == nil {
		return ""
	}
	p := fn.Proto
	pc, ok := currentPC(dbg, p)
	if !ok {
		return ""
	}
	in := p.Code[pc]
	if op := opCode(in); op != lua.OP_CALL && op != lua.OP_TAILCALL {
		return ""
	}
	if b := argB(in); b != 0 && n > b-1 {
		return "" // not an argument of this call
	}
	name := objName(p, pc, argA(in)+n)
	// "local 'x'", "global 'x'", "field 'x'", "method 'x'", "upvalue 'x'"
	if i := strings.IndexByte(name, '\''); i >= 0 && strings.HasSuffix(name, "'") && len(name) > i+1 {
		return name[i+1 : len(name)-1]
	}
	return ""
}
