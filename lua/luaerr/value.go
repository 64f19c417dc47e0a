package luaerr

import (
	"errors"

	lua "github.com/yuin/gopher-lua"
)

// Stringify rewrites the error value of a Lua error raised with a
// non-string value (error({code = 42}), error(nil), error(42)) into a
// string message "file:line: error raised with VALUE", VALUE rendered by
// Raised (the same text on every run: no table addresses), file:line the
// innermost Lua function on the error's stack traceback (RaisedAt), which
// for error(v) is the line of the error call: Lua itself adds no position
// to a non-string error value, whatever its level argument. Other errors
// are returned unchanged.
func Stringify(L *lua.LState, err error) error {
	var api *lua.ApiError
	if !errors.As(err, &api) {
		return err
	}
	return StringifyAt(L, err, RaisedAt(api.StackTrace))
}

// StringifyAt is Stringify with the location given: at is "file:line",
// or "" when unknown (the message then has no location). It is for errors
// whose stack traceback was not kept, such as those of a coroutine
// (gopher-lua takes none there; see luaclass.State.Resume).
func StringifyAt(L *lua.LState, err error, at string) error {
	var api *lua.ApiError
	if !errors.As(err, &api) || api.Object == nil {
		return err
	}
	if _, isString := api.Object.(lua.LString); isString {
		return err
	}
	msg := Raised(L, api.Object)
	if at != "" {
		msg = at + ": " + msg
	}
	api.Object = lua.LString(msg)
	return err
}
