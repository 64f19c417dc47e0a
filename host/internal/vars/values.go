package vars

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/btlua/btlua/host/internal/shards"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// ErrNotSet (host.ErrNoVariable) is wrapped by TypeError's error for a
// variable that is not set.
var ErrNotSet = errors.New("not set")

// FromBoard returns a stored blackboard value as a Go value (see
// host's variables.Get): a Lua value through vm.GoValue, a sharded
// host's table as a copy of its Go form, a Go value as it is.
func FromBoard(raw any) any {
	switch x := raw.(type) {
	case lua.LValue:
		return vm.GoValue(x)
	case shards.TableCopy: // a sharded host's global table
		return shards.CopyNormal(x.V, map[uintptr]any{})
	}
	return raw
}

// Float returns raw, a variable's stored value (set false: not set), as
// a number: a Lua number, or a Go value of any integer or floating-point
// type; false for any other (TypeError says why).
func Float(raw any, set bool) (float64, bool) {
	switch x := raw.(type) {
	case lua.LNumber:
		return float64(x), true
	case float64:
		return x, true
	}
	if set {
		rv := reflect.ValueOf(raw)
		switch {
		case rv.CanInt():
			return float64(rv.Int()), true
		case rv.CanUint():
			return float64(rv.Uint()), true
		case rv.CanFloat():
			return rv.Float(), true
		}
	}
	return 0, false
}

// String returns raw as a string (a Lua string or a Go string; numbers
// are not converted), false for any other value.
func String(raw any) (string, bool) {
	switch x := raw.(type) {
	case lua.LString:
		return string(x), true
	case string:
		return x, true
	}
	return "", false
}

// Bool returns raw as a boolean (a Lua or a Go boolean; other values are
// not converted, nil and false alike), false for any other value.
func Bool(raw any) (v, ok bool) {
	switch x := raw.(type) {
	case lua.LBool:
		return bool(x), true
	case bool:
		return x, true
	}
	return false, false
}

// TypeError says that variable name of scope ("tree guard", "global
// variables") is not set (wrapping ErrNotSet), or holds raw, which is
// not want ("a number").
func TypeError(scope, name string, raw any, set bool, want string) error {
	if !set {
		return fmt.Errorf("%s: variable %q: %w", scope, name, ErrNotSet)
	}
	var is string
	if lv, ok := raw.(lua.LValue); ok {
		is = luaerr.Describe(lv)
	} else if _, ok := raw.(shards.TableCopy); ok {
		is = "a table"
	} else {
		is = fmt.Sprintf("%v (a Go %T)", raw, raw)
	}
	return fmt.Errorf("%s: variable %q is %s, not %s", scope, name, is, want)
}
