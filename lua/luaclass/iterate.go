package luaclass

import lua "github.com/yuin/gopher-lua"

// OpenIteration makes pairs and ipairs of L honor the __pairs and __ipairs
// metamethods, as Lua 5.2 does: pairs(v) calls the __pairs metamethod of v
// when it has one and returns its first three results (iterator, state,
// first key); ipairs likewise with __ipairs. Values without them iterate
// as before, with the same errors. The bindings use it for views of Go
// data (a task's childTasks), which are userdata.
func OpenIteration(L *lua.LState) {
	for _, name := range []string{"pairs", "ipairs"} {
		orig, ok := L.GetGlobal(name).(*lua.LFunction)
		if !ok || !orig.IsG {
			continue
		}
		meta := "__" + name
		// The original reads its iterator from its upvalue: the new
		// function gets the same upvalues and runs the original in place.
		ups := make([]lua.LValue, len(orig.Upvalues))
		for i, u := range orig.Upvalues {
			ups[i] = u.Value()
		}
		g := orig.GFunction
		L.SetGlobal(name, L.NewClosure(func(L *lua.LState) int {
			if mm, ok := L.GetMetaField(L.Get(1), meta).(*lua.LFunction); ok {
				v := L.Get(1)
				L.SetTop(0)
				L.Push(mm)
				L.Push(v)
				L.Call(1, 3)
				return 3
			}
			return g(L)
		}, ups...))
	}
}
