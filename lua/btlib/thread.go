package btlib

import (
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Task code always runs on the library's main state (lib.L), also when a
// coroutine calls a task method (a BTCoroutine that ticks a child). A
// gopher-lua error unwinds only the stack of the thread whose handler
// catches it, so an error raised on the main state and caught by the
// coroutine's pcall or resume would leave the main state's stack corrupt
// (later calls read wrong values). A Go function that Lua called on
// another thread therefore runs task code in a protected call of the main
// state and raises its error again on the calling thread.

// onMain runs f, which runs task code, for a Go function that Lua called
// on thread L (not the main state): in a protected call of the main
// state, the error raised again on L (see rethrow). The coroutine running
// before is current again afterwards, whatever f resumed.
func (lib *Lib) onMain(L *lua.LState, f func()) {
	fn := lib.L.NewFunction(func(*lua.LState) int {
		f()
		return 0
	})
	running := L.G.CurrentThread
	lib.L.Push(fn)
	err := lib.L.PCall(0, 0, nil)
	L.G.CurrentThread = running
	if err != nil {
		lib.rethrow(L, err)
	}
}

// tickOn is lib.tickTask(t) for a Go function that Lua called on thread L.
func (lib *Lib) tickOn(L *lua.LState, t *Task) bt.Status {
	if L == lib.L {
		return lib.tickTask(t)
	}
	var s bt.Status
	lib.onMain(L, func() { s = lib.tickTask(t) })
	return s
}

// rethrow raises on thread L the error err of a protected call or a
// coroutine: a Go panic (see blame) as the same *luaerr.GoPanic, so that
// it is still reported as one; a Lua error with the same error value.
func (lib *Lib) rethrow(L *lua.LState, err error) {
	api, ok := err.(*lua.ApiError)
	if !ok {
		L.RaiseError("%v", err)
		return
	}
	if p := lib.panicked; p != nil && (api.Type == lua.ApiErrorPanic || api.Object == lua.LString(p.Error())) {
		panic(p)
	}
	L.Error(api.Object, 0)
}
