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
	if d, ok := lib.classes[tbl]; ok {
		return nil, d
	}
	return lib.resolveFrom(luaclass.Of(tbl), tbl, 1)
}

// resolveNew is resolve for a new table whose metatable is mt, without
// making the table.
func (lib *Lib) resolveNew(mt *lua.LTable) (proto any, d *classDef) {
	first := mt
	if idx, ok := mt.RawGetString("__index").(*lua.LTable); ok {
		first = idx
	}
	return lib.resolveFrom(first, nil, 1)
}

// resolveFrom is resolve's walk from cur, the n-th table of the chain of
// tbl (nil for a table not made yet).
func (lib *Lib) resolveFrom(cur, tbl *lua.LTable, n int) (proto any, d *classDef) {
	for ; cur != nil && n < luaclass.MaxDepth; n++ {
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
		cur = luaclass.Of(cur)
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
	tbl = lib.st.Unseal(tbl) // a sandbox's proxy of a class is the class
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
		args = p.args()
	}
	// Made by a script's own New ({} and its fields): right-size the
	// table's string keys, plus the hidden field Bind adds.
	luaclass.Compact(tbl, 1)
	t, err := lib.newTask(tbl, d, args)
	if err != nil {
		return nil, err
	}
	if p != nil {
		t.setWhere(p.Location()) // made by the class's own New: where the class was
	}
	return t, nil
}

// newTask makes the Go task of tbl, an instance of class d, with the
// constructor arguments args, and binds it to tbl.
func (lib *Lib) newTask(tbl *lua.LTable, d *classDef, args []lua.LValue) (*Task, error) {
	return lib.makeTask(tbl, nil, d, args)
}

// makeTask is newTask; for tbl nil it makes the task's table too (as
// L.CreateTable(0, 0) does, in the task's allocation when its class has
// a pair), with metatable mt.
func (lib *Lib) makeTask(tbl, mt *lua.LTable, d *classDef, args []lua.LValue) (*Task, error) {
	a, err := lib.decode(&d.Class, args)
	if err != nil {
		return nil, err
	}
	var t *Task
	var cell *luaclass.TableCell
	var impl bt.Task
	if d.pair != nil {
		t, cell, impl, err = d.pair(a, tbl == nil)
	} else {
		t = &Task{}
		impl, err = d.New(a)
	}
	if err != nil {
		return nil, err
	}
	if impl == nil {
		return nil, fmt.Errorf("the Go constructor returned no task")
	}
	if tbl == nil {
		// No string map yet: most task tables hold only their binding,
		// and a first string key gets a small map, not gopher-lua's 32
		// slots (luaclass.SizeFirstKey).
		if cell != nil {
			tbl = cell.Init(0)
		}
		if tbl == nil {
			tbl, cell = lib.L.CreateTable(0, 0), nil
		}
		tbl.Metatable = mt
	}
	lib.bindTo(t, tbl, d, impl, cell)
	if r, ok := impl.(*bt.TreeReference); ok {
		r.Rebind() // its subtree was attached before the binding
	}
	t.setArgs(args)
	return t, nil
}

// bind creates the Go task for tbl around impl and stores it in tbl.
func (lib *Lib) bind(tbl *lua.LTable, d *classDef, impl bt.Task) *Task {
	t := &Task{}
	lib.bindTo(t, tbl, d, impl, nil)
	return t
}

// bindTo makes t, a zero Task, the Go task for tbl around impl and
// stores it in tbl (whose cell it is, when cell is not nil).
func (lib *Lib) bindTo(t *Task, tbl *lua.LTable, d *classDef, impl bt.Task, cell *luaclass.TableCell) {
	t.Impl, t.Self, t.class = impl, tbl, d
	impl.Base().Init(t, "")
	t.ud = lua.LUserData{Value: t, Env: lib.L.Env, Metatable: lua.LNil}
	if cell != nil {
		cell.BindUserData(&t.ud)
	} else {
		luaclass.BindUserData(tbl, &t.ud)
	}
	t.syncName()
}

// className returns the global name of the nearest table on tbl's class
// chain (tbl itself first) that is bound to a global, or the name of
// class d.
//
// Names are learnt from the globals and kept (the first name a table is
// seen under). A table not known yet costs a scan: for tbl itself, the
// scan reads only the globals assigned a new name since the last scan
// (an instance bound to a new global, a class defined since); for a class
// further up the chain, every global (a class global assigned a new class
// table, as a reloaded script does). Instances are named far more often
// than classes, so a tree or task without a global of its own costs no
// walk of the globals; an instance bound to a global name that was in use
// before is not found (its class names it).
func (lib *Lib) className(tbl *lua.LTable, d *classDef) string {
	scanned, full := false, false
	for cur := range luaclass.Chain(tbl) {
		name, ok := lib.names[cur]
		if !ok && (!scanned || (cur != tbl && !full)) {
			// A table bound to a global after the last scan: look again.
			if cur == tbl {
				lib.scanGlobals(lib.scanned)
			} else {
				lib.scanGlobals(lua.LNil)
				full = true
			}
			scanned = true
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

// scanGlobals records the name of every global table, walking the globals
// in the order their names were first assigned from the key after from
// (lua.LNil: from the first), and remembers the last key seen in
// lib.scanned. gopher-lua keeps a table's keys in that order and never
// drops one (a key set to nil keeps its place), so the walk from the last
// key seen finds exactly the names assigned since. It does not allocate.
func (lib *Lib) scanGlobals(from lua.LValue) {
	g := lib.L.G.Global
	k, v := g.Next(from)
	for k != lua.LNil {
		if tbl, ok := v.(*lua.LTable); ok {
			if s, ok := k.(lua.LString); ok {
				if _, known := lib.names[tbl]; !known {
					lib.names[tbl] = string(s)
				}
			}
		}
		lib.scanned = k
		k, v = g.Next(k)
	}
}
