package luaclass

import lua "github.com/yuin/gopher-lua"

// PassOn calls fn with the arguments of the Go function running in L and
// returns the number of results it left on the stack, all of fn's: the
// body of a Go function that stands in for fn (a wrapper that checks
// something first, a __call made callable).
func PassOn(L *lua.LState, fn lua.LValue) int {
	top := L.GetTop()
	L.Push(fn)
	for i := 1; i <= top; i++ {
		L.Push(L.Get(i))
	}
	L.Call(top, lua.MultRet)
	return L.GetTop() - top
}
