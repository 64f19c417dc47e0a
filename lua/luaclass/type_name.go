package luaclass

import lua "github.com/yuin/gopher-lua"

// typeNames are the names type returns, by lua.LValueType, boxed once.
var typeNames = func() []lua.LValue {
	names := make([]lua.LValue, lua.LTChannel+1)
	for t := range names {
		names[t] = lua.LString(lua.LValueType(t).String())
	}
	return names
}()

// OpenTypeNames replaces type in L with one that returns the type's name
// boxed once: gopher-lua's boxes the name string on the heap at each
// call (building an agent's tree calls it for every precondition, issue
// 9). The results and the error without an argument are the original's
// (TestTypeNames).
func OpenTypeNames(L *lua.LState) {
	orig, ok := L.GetGlobal("type").(*lua.LFunction)
	if !ok || !orig.IsG || len(orig.Upvalues) > 0 {
		return
	}
	g := orig.GFunction
	L.SetGlobal("type", L.NewFunction(func(L *lua.LState) int {
		if L.GetTop() >= 1 {
			if t := L.Get(1).Type(); int(t) < len(typeNames) {
				L.Push(typeNames[t])
				return 1
			}
		}
		return g(L) // its error, or a type it knows and we do not
	}))
}
