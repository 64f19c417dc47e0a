package vm

import (
	"github.com/btlua/btlua/host/internal/budget"
	lua "github.com/yuin/gopher-lua"
)

// keepBudgetError wraps pcall, xpcall and coroutine.resume in L so that
// they do not hand the error of an expired budget b back as a value: when
// the call they made failed while b's stretch has expired, they raise the
// budget's error ("file:line: CPU budget of 20ms exceeded ...", at the
// line that called them), as the VM does at the next loop step, call or
// return once the stretch has expired; `return pcall(f)` runs no instruction after
// pcall returns, and the host would have seen false. Errors caught while
// the stretch runs within its budget are returned as before.
// (coroutine.wrap's function raises a coroutine's error already.)
// Without a budget (b nil) nothing is wrapped.
func keepBudgetError(L *lua.LState, b *budget.Budget) {
	if b == nil {
		return
	}
	L.SetGlobal("pcall", L.NewFunction(func(L *lua.LState) int { return pcall(L, b) }))
	L.SetGlobal("xpcall", L.NewFunction(func(L *lua.LState) int { return xpcall(L, b) }))
	co, ok := L.GetGlobal("coroutine").(*lua.LTable)
	if !ok {
		return
	}
	resume, ok := co.RawGetString("resume").(*lua.LFunction)
	if !ok {
		return
	}
	co.RawSetString("resume", L.NewFunction(func(L *lua.LState) int {
		L.CheckThread(1)
		L.Insert(resume, 1)
		L.Call(L.GetTop()-1, lua.MultRet)
		if L.Get(1) == lua.LFalse {
			raiseExpired(L, b)
		}
		return L.GetTop()
	}))
}

// pcall is Lua's pcall(f, ...) that raises again the error of the expired
// budget b (keepBudgetError).
func pcall(L *lua.LState, b *budget.Budget) int {
	L.CheckAny(1)
	if f := L.Get(1); f.Type() != lua.LTFunction && L.GetMetaField(f, "__call").Type() != lua.LTFunction {
		L.Push(lua.LFalse)
		L.Push(lua.LString("attempt to call a " + f.Type().String() + " value"))
		return 2
	}
	if err := L.PCall(L.GetTop()-1, lua.MultRet, nil); err != nil {
		return caught(L, b, err)
	}
	L.Insert(lua.LTrue, 1)
	return L.GetTop()
}

// xpcall is Lua's xpcall(f, handler) that raises again the error of the
// expired budget b (keepBudgetError), as the handler returned it.
func xpcall(L *lua.LState, b *budget.Budget) int {
	f := L.CheckFunction(1)
	handler := L.CheckFunction(2)
	top := L.GetTop()
	L.Push(f)
	if err := L.PCall(0, lua.MultRet, handler); err != nil {
		return caught(L, b, err)
	}
	L.Insert(lua.LTrue, top+1)
	return L.GetTop() - top
}

// caught returns false and the error value of err, which a protected call
// caught, or raises b's error when b's stretch has expired.
func caught(L *lua.LState, b *budget.Budget, err error) int {
	raiseExpired(L, b)
	var v lua.LValue = lua.LString(err.Error())
	if e, ok := err.(*lua.ApiError); ok {
		v = e.Object
	}
	L.Push(lua.LFalse)
	L.Push(v)
	return 2
}

// raiseExpired raises b's error, with the file:line of the Lua code that
// called the running Go function, when b's stretch has expired.
func raiseExpired(L *lua.LState, b *budget.Budget) {
	if b.Expired() {
		L.RaiseError("%s", b.Err().Error())
	}
}
