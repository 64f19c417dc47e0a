package btlib

import (
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// KindClass returns the class table (luaclass.Of of the task's table)
// from which Kind takes the task's kind, the nearest global name on its
// chain, when the task's own table has no global name; or nil when the
// kind comes from the Go task it wraps (WrapTask of a bt.Kinded).
func (t *Task) KindClass() *lua.LTable {
	if _, ok := t.Impl.(bt.Kinded); ok && t.wrapped {
		return nil
	}
	if t.Self == nil {
		return nil
	}
	return luaclass.Of(t.Self)
}
