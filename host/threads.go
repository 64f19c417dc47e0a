package host

import lua "github.com/yuin/gopher-lua"

// shareBudget makes every coroutine a script creates poll the CPU budget
// (see budget.go): gopher-lua gives a coroutine made while the state has
// a context a child context of its own, which would not follow the
// budget's later stretches, and none to one made outside a stretch.
// coroutine.create and coroutine.wrap are wrapped to set the budget on
// the new thread itself, and, with a memory limit, to count it against
// the limit (threads_memory.go). Without a budget nothing changes.
func (h *Host) shareBudget() {
	if h.budget == nil {
		return
	}
	co, ok := h.state.GetGlobal("coroutine").(*lua.LTable)
	if !ok {
		return
	}
	for _, name := range []string{"create", "wrap"} {
		orig, ok := co.RawGetString(name).(*lua.LFunction)
		if !ok {
			continue
		}
		co.RawSetString(name, h.state.NewFunction(func(L *lua.LState) int {
			if h.heapTicks != nil {
				h.heapTicks.threads.admit(L, name, h.heapTicks.limit)
			}
			top := L.GetTop()
			L.Push(orig)
			for i := 1; i <= top; i++ {
				L.Push(L.Get(i))
			}
			L.Call(top, 1)
			if th := threadOf(L.Get(-1)); th != nil {
				th.SetContext(h.budget)
				if h.heapTicks != nil {
					h.heapTicks.threads.add(th)
				}
			}
			return 1
		}))
	}
}

// threadOf returns the thread v, or the thread that the function v (made
// by coroutine.wrap) resumes, or nil.
func threadOf(v lua.LValue) *lua.LState {
	switch v := v.(type) {
	case *lua.LState:
		return v
	case *lua.LFunction:
		if v.IsG && len(v.Upvalues) == 1 {
			if th, ok := v.Upvalues[0].Value().(*lua.LState); ok {
				return th
			}
		}
	}
	return nil
}
