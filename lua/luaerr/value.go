package luaerr

import (
	"errors"

	lua "github.com/yuin/gopher-lua"
)

// Stringify rewrites the error value of a Lua error raised with a
// non-string value (error({code = 42})) into a message that says what was
// raised, through the value's __tostring when it has one. The __tostring
// call is protected: one that fails is reported, not propagated. Other
// errors are returned unchanged.
func Stringify(L *lua.LState, err error) error {
	var api *lua.ApiError
	if !errors.As(err, &api) || api.Object == nil {
		return err
	}
	if _, isString := api.Object.(lua.LString); isString {
		return err
	}
	text := "(its __tostring failed)"
	if e := L.CallByParam(lua.P{Fn: L.GetGlobal("tostring"), NRet: 1, Protect: true}, api.Object); e == nil {
		text = L.Get(-1).String()
		L.Pop(1)
	}
	api.Object = lua.LString("error raised with " + Describe(api.Object) + ": " + text)
	return err
}
