package btlib

import (
	"fmt"

	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// WrapTask gives a Go task made outside the library (by another binding,
// such as the BTAI builder or the GOAP agent task) a Lua table, an instance
// of the built-in class className ("BTAction", "BTComposite", ...), so
// that scripts can add it to trees, return it to the host and derive from
// it like any task. impl must not have been wrapped before. The table's
// lifecycle methods run impl unless a script overrides them.
func (lib *Lib) WrapTask(impl bt.Task, className string) (*lua.LTable, error) {
	sp := lib.specByName(className)
	if sp == nil || sp.tree {
		return nil, fmt.Errorf("btlib: %q is not a built-in task class", className)
	}
	o := lib.L.CreateTable(0, 8)
	o.Metatable = sp.class
	lib.bind(o, sp, impl)
	return o, nil
}

// TaskOf returns the Go task of a task table (see WrapTask), creating it
// for tables made by a script's own New.
func (lib *Lib) TaskOf(v lua.LValue) (bt.Task, error) {
	t, err := lib.taskOf(v)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// Current returns the path of the task whose Lua code runs now, or "".
func (lib *Lib) Current() string {
	if lib.current == nil {
		return ""
	}
	return bt.Path(lib.current)
}

// IsTaskClass reports whether tbl is a task or tree class or instance: a
// table whose class chain reaches a built-in BT class.
func (lib *Lib) IsTaskClass(tbl *lua.LTable) bool {
	_, sp := lib.resolve(tbl)
	return sp != nil
}
