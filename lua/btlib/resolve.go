package btlib

import (
	"errors"
	"fmt"

	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

var errNotParent = errors.New("task is a leaf and takes no children")

// resolve walks the class chain of tbl (the table itself, then the
// __index of each metatable) and returns the nearest prototype (a *Task
// or *Tree on the chain, tbl itself excluded, or nil) and the class it
// derives from.
func (lib *Lib) resolve(tbl *lua.LTable) (proto any, d *classDef) {
	for cur := range luaclass.Chain(tbl) {
		if cur != tbl {
			switch n := luaclass.Own(cur).(type) {
			case *Task:
				return n, n.class
			case *Tree:
				return n, lib.treeClass
			}
		}
		if d, ok := lib.classes[cur]; ok {
			return nil, d
		}
	}
	return nil, nil
}

// errWrapped is the error of a table made from a task that WrapTask gave
// a table: such a task has no constructor to make another from.
func errWrapped(p *Task) error {
	return fmt.Errorf("%s is a single Go task (a %s made in Go), not a class: it cannot make instances or be derived from (a Go task that scripts derive from is declared with btlib.Class)", bt.DisplayName(p), p.class.Name)
}

// taskOf returns the Go task of a task table, creating it on first sight
// for tables made by a script's own New (setmetatable(o, Class)).
func (lib *Lib) taskOf(v lua.LValue) (*Task, error) {
	tbl, ok := v.(*lua.LTable)
	if !ok {
		return nil, fmt.Errorf("want a task (a table made from a BT class), got %s", luaerr.Describe(v))
	}
	switch n := luaclass.Own(tbl).(type) {
	case *Task:
		return n, nil
	case *Tree:
		return nil, fmt.Errorf("want a task, got a behavior tree (%s)", lib.className(tbl, nil))
	}
	if d, ok := lib.classes[tbl]; ok {
		return nil, fmt.Errorf("want a task, got the class %s itself (make a task with %s:New())", d.Name, d.Name)
	}
	proto, d := lib.resolve(tbl)
	if d == nil {
		return nil, fmt.Errorf("want a task, got a table whose metatable chain has no BT class (make it with BTAction:New() or setmetatable(o, SomeTaskClass))")
	}
	if d.tree {
		return nil, fmt.Errorf("want a task, got a behavior tree (%s)", lib.className(tbl, d))
	}
	var args []lua.LValue
	p, _ := proto.(*Task)
	if p != nil {
		if p.wrapped {
			return nil, errWrapped(p)
		}
		args = p.args
	}
	t, err := lib.newTask(tbl, d, args)
	if err != nil {
		return nil, err
	}
	if p != nil {
		t.where = p.where // made by the class's own New: where the class was
	}
	return t, nil
}

// newTask makes the Go task of tbl, an instance of class d, with the
// constructor arguments args, and binds it to tbl.
func (lib *Lib) newTask(tbl *lua.LTable, d *classDef, args []lua.LValue) (*Task, error) {
	a, err := lib.decode(&d.Class, args)
	if err != nil {
		return nil, err
	}
	impl, err := d.New(a)
	if err != nil {
		return nil, err
	}
	if impl == nil {
		return nil, fmt.Errorf("the Go constructor returned no task")
	}
	t := lib.bind(tbl, d, impl)
	t.args = args
	return t, nil
}

// bind creates the Go task for tbl around impl and stores it in tbl.
func (lib *Lib) bind(tbl *lua.LTable, d *classDef, impl bt.Task) *Task {
	t := &Task{Impl: impl, Self: tbl, lib: lib, class: d}
	impl.Base().Init(t, "")
	luaclass.Bind(lib.L, tbl, t)
	t.syncName()
	return t
}

// className returns the global name of the nearest class of tbl that is
// bound to a global (tbl itself excluded unless it is a class), or the
// name of class d.
func (lib *Lib) className(tbl *lua.LTable, d *classDef) string {
	rescanned := false
	for cur := range luaclass.Chain(tbl) {
		name, ok := lib.names[cur]
		if !ok && !rescanned {
			// A class made after the last scan: look the globals up again.
			lib.scanGlobals()
			rescanned = true
			name, ok = lib.names[cur]
		}
		if ok {
			return name
		}
	}
	if d != nil {
		return d.Name
	}
	return "table"
}

// scanGlobals records the name of every global table.
func (lib *Lib) scanGlobals() {
	lib.L.G.Global.ForEach(func(k, v lua.LValue) {
		if tbl, ok := v.(*lua.LTable); ok {
			if s, ok := k.(lua.LString); ok {
				if _, known := lib.names[tbl]; !known {
					lib.names[tbl] = string(s)
				}
			}
		}
	})
}
