package btlib

import (
	"fmt"

	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// WrapTask gives one Go task made outside the library (by another
// binding, such as a BTAI root) a Lua table, an instance of the task class
// className ("BTAction", "BTComposite", ...), so that scripts can add it
// to trees and return it to the host like any task. impl must not have
// been wrapped before. The table's lifecycle methods run impl unless a
// script overrides them on the table itself.
//
// The table is a single task, not a class: New on it, or a table made
// from it with setmetatable, is an error (there is no constructor to make
// another impl). A Go task that scripts derive from is declared with Class
// and registered (Options.Classes).
func (lib *Lib) WrapTask(impl bt.Task, className string) (*lua.LTable, error) {
	d := lib.byName[className]
	if d == nil || d.tree {
		return nil, fmt.Errorf("btlib: %q is not a task class", className)
	}
	o := lib.L.CreateTable(0, 8)
	o.Metatable = d.table
	t := lib.bind(o, d, impl)
	t.wrapped = true
	return o, nil
}

// TaskOf returns the Go task of a task table (see WrapTask), creating it
// for tables made by a script's own New. The task is the library's
// wrapper (a *Task); its Unwrap returns the class's own Go task.
func (lib *Lib) TaskOf(v lua.LValue) (bt.Task, error) {
	t, err := lib.taskOf(v)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// IsTask reports whether v is a table bound to a task (made by New or
// WrapTask, or used as one).
func IsTask(v lua.LValue) bool {
	tbl, ok := v.(*lua.LTable)
	if !ok {
		return false
	}
	_, ok = luaclass.Own(tbl).(*Task)
	return ok
}

// Current returns the path of the task whose code runs now, or "".
func (lib *Lib) Current() string { return lib.st.RunningPath() }

// IsTaskClass reports whether tbl is a task or tree class or instance: a
// table whose class chain reaches a BT class.
func (lib *Lib) IsTaskClass(tbl *lua.LTable) bool {
	_, d := lib.resolve(tbl)
	return d != nil
}
