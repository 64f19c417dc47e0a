package btailib

import (
	"fmt"
	"github.com/btlua/btlua/lua/luaerr"

	lua "github.com/yuin/gopher-lua"
)

// object is a Lua table or Go object (through gopher-luar) handed to
// BT.SetBool, BT.Trigger, BT.SetActive or BT.WaitForAnimatorState: the
// recast of Unity's Animator and GameObject. Each node calls a method of
// it with the colon convention (obj:SetBool(name, value)), so any table
// with those methods, or a Go value with them, works.
type object struct {
	lib  *Lib
	v    lua.LValue
	kind string
	at   string
}

func (lib *Lib) object(L *lua.LState, kind string, v lua.LValue) *object {
	return &object{lib: lib, v: v, kind: kind, at: L.Where(1)}
}

// call calls obj:method(args...) and returns its first result. A missing
// method raises a Lua error at the line that made the node.
func (o *object) call(method string, args ...lua.LValue) lua.LValue {
	L := o.lib.L
	fn := L.GetField(o.v, method)
	if fn == lua.LNil {
		L.Error(lua.LString(fmt.Sprintf("%s %s: obj (%s) has no method %s", o.at, o.kind, luaerr.Describe(o.v), method)), 0)
	}
	L.Push(fn)
	L.Push(o.v)
	for _, a := range args {
		L.Push(a)
	}
	L.Call(1+len(args), 1)
	ret := L.Get(-1)
	L.Pop(1)
	return ret
}

// SetBool calls obj:SetBool(name, value).
func (o *object) SetBool(name string, value bool) {
	o.call("SetBool", lua.LString(name), lua.LBool(value))
}

// SetTrigger calls obj:SetTrigger(name).
func (o *object) SetTrigger(name string) { o.call("SetTrigger", lua.LString(name)) }

// ResetTrigger calls obj:ResetTrigger(name).
func (o *object) ResetTrigger(name string) { o.call("ResetTrigger", lua.LString(name)) }

// SetActive calls obj:SetActive(active).
func (o *object) SetActive(active bool) { o.call("SetActive", lua.LBool(active)) }

// IsInState calls obj:IsInState(name, layer) and takes its result as a
// Lua truth value.
func (o *object) IsInState(name string, layer int) bool {
	return lua.LVAsBool(o.call("IsInState", lua.LString(name), lua.LNumber(layer)))
}
