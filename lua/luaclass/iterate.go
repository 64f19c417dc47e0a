package luaclass

import lua "github.com/yuin/gopher-lua"

// OpenIteration makes pairs and ipairs of L honor the __pairs and __ipairs
// metamethods, as Lua 5.2 does: pairs(v) calls the __pairs metamethod of v
// when it has one and returns its first three results (iterator, state,
// first key); ipairs likewise with __ipairs. Values without them iterate
// as before, with the same errors. The bindings use it for views of Go
// data (a task's childTasks), which are userdata. The iterator ipairs
// returns for a table is gopher-lua's, without its allocations (see
// ipairsNext).
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
		if name == "ipairs" && len(ups) == 1 {
			ups[0] = L.NewFunction(ipairsNext) // the iterator it returns
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

// ipairsNext is gopher-lua's ipairs iterator (i+1, t[i+1], or nothing at
// the first nil), with the same argument checks and errors, returning
// the pre-boxed index when there is one: a step over a list of up to
// 1024 items allocates nothing.
func ipairsNext(L *lua.LState) int {
	tb := L.CheckTable(1)
	i := L.CheckInt(2) + 1
	v := tb.RawGetInt(i)
	if v == lua.LNil {
		return 0
	}
	L.Pop(1)
	if n, ok := BoxedNumber(i); ok {
		L.Push(n)
	} else {
		L.Push(lua.LNumber(i))
	}
	L.Push(v)
	return 2
}
