package vm

import (
	"github.com/btlua/btlua/host/internal/budget"
	"github.com/btlua/btlua/lua/luavm"
	lua "github.com/yuin/gopher-lua"
)

// shareBudget makes every coroutine a script creates in L poll the CPU
// budget b (package budget, host/internal/budget), when not nil:
// gopher-lua gives a coroutine made while the state has
// a context a child context of its own, which would not follow the
// budget's later stretches, and none to one made outside a stretch.
// coroutine.create and coroutine.wrap are wrapped to make the new thread
// with a small data stack (callSmallThread), to set the budget on it, and, with
// a memory limit of limit bytes, to count it in threads against the
// limit (threads_memory.go). A wrap's function, and coroutine.resume, also
// refuse to nest deeper than MaxResumeDepth (thread_depth.go).
func shareBudget(L *lua.LState, b *budget.Budget, threads *Threads, limit uint64) {
	limitResume(L)
	co, ok := L.GetGlobal("coroutine").(*lua.LTable)
	if !ok {
		return
	}
	for _, name := range []string{"create", "wrap"} {
		orig, ok := co.RawGetString(name).(*lua.LFunction)
		if !ok {
			continue
		}
		co.RawSetString(name, L.NewFunction(func(L *lua.LState) int {
			if threads != nil {
				threads.admit(L, name, limit)
			}
			callSmallThread(L, orig)
			th := threadOf(L.Get(-1))
			if th != nil && b != nil {
				luavm.SetContext(th, b)
				if threads != nil {
					threads.add(th)
				}
			}
			if fn, ok := L.Get(-1).(*lua.LFunction); ok && th != nil && name == "wrap" {
				L.Replace(-1, depthLimited(L, fn, th))
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

// ThreadRegistrySize is the initial size, in values, of a coroutine's data
// stack (it grows as the state's does, up to RegistryMaxSize): gopher-lua
// would allocate the state's RegistrySize, however little it runs (80 KiB
// a coroutine with its default; the state's RegistrySize is now the same,
// and callSmallThread keeps a coroutine's size its own). (The call stack stays allocated whole, CallStackSize
// frames, 20 KiB: gopher-lua's growing one ends in a Go panic, "lua
// callstack overflow", instead of the Lua error "stack overflow".)
const ThreadRegistrySize = 1024

// callSmallThread calls orig (coroutine.create or wrap) with L's
// arguments, leaving its result on the stack, with L's options set for
// the new thread to get the small data stack above (gopher-lua makes a
// thread with its creator's options).
func callSmallThread(L *lua.LState, orig *lua.LFunction) {
	saved := L.Options
	defer func() { L.Options = saved }()
	L.Options.RegistrySize = ThreadRegistrySize
	top := L.GetTop()
	L.Push(orig)
	for i := 1; i <= top; i++ {
		L.Push(L.Get(i))
	}
	L.Call(top, 1)
}
