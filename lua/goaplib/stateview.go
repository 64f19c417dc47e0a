package goaplib

import (
	"github.com/btlua/btlua/stdlib/goap"
	lua "github.com/yuin/gopher-lua"
)

// stateView is the read-only world state handed to Lua cost functions
// (Action.cost as a function) and goal priority functions: one userdata
// per library, indexed like a table (state.wood). It reads the state the
// planner or agent is looking at during the call and must not be kept:
// after the function returns it reads whatever state is current next (or
// raises an error when there is none). Reusing one userdata keeps cost
// function calls inside the search free of allocations.
type stateView struct {
	lib *Lib
	r   goap.StateReader
	ud  *lua.LUserData
}

func newStateView(lib *Lib) *stateView {
	L := lib.L
	v := &stateView{lib: lib}
	v.ud = L.NewUserData()
	v.ud.Value = v
	mt := L.NewTable()
	mt.RawSetString("__index", L.NewFunction(v.index))
	mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("goap: the state given to a cost or priority function is read-only")
		return 0
	}))
	mt.RawSetString("__tostring", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LString("goap state view"))
		return 1
	}))
	v.ud.Metatable = mt
	return v
}

// index is __index: state[key] is the value of key, or nil when the key
// is missing.
func (v *stateView) index(L *lua.LState) int {
	if v.r == nil {
		L.RaiseError("goap: a state view was used after its cost or priority function returned")
	}
	key, ok := L.Get(2).(lua.LString)
	if !ok {
		L.Push(lua.LNil)
		return 1
	}
	val, found := v.r.Get(string(key))
	if !found {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(fromValue(val))
	return 1
}

// number calls fn(view, extra) with the view reading r and returns the
// number fn returns (owner and hook name fn in errors).
func (v *stateView) number(fn *lua.LFunction, owner, hook string, r goap.StateReader, extra lua.LValue) float64 {
	prev := v.r
	v.r = r
	n := v.lib.callNumber(fn, owner, hook, v.ud, extra)
	v.r = prev
	return n
}
