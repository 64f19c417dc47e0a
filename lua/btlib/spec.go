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

// spec describes a built-in class: its name and how to make the Go
// behaviour of a new instance.
type spec struct {
	name   string
	class  *lua.LTable
	parent bool
	// leaf classes (BTAction, BTConditional and their built-in subclasses)
	// never hold children; BTTask may, when a script builds its own
	// BTParentTask on it as the series does.
	leaf        bool
	conditional bool
	tree        bool
	// located classes make tasks that can be built incomplete (a
	// decorator without its child, a condition without its function):
	// their tasks record the line that made them, for the error.
	located bool
	// make returns a new built-in behaviour from the arguments given to
	// New after self. An instance made by a script's own New (no call of
	// the built-in New) gets the arguments of its nearest prototype task,
	// so it inherits parameters such as a log message or a function.
	make func(lib *Lib, args []lua.LValue) (bt.Task, error)
}

// resolve walks the class chain of tbl (the table itself, then the
// __index of each metatable) and returns the nearest prototype node (a
// *Task or *Tree, or nil) and the spec of the built-in class it derives
// from.
func (lib *Lib) resolve(tbl *lua.LTable) (proto any, sp *spec) {
	seen := 0
	for cur := tbl; cur != nil && seen < 64; seen++ {
		if cur != tbl {
			if ud, ok := cur.RawGetString(nodeKey).(*lua.LUserData); ok {
				switch n := ud.Value.(type) {
				case *Task:
					return n, n.spec
				case *Tree:
					return n, lib.treeSpec()
				}
			}
		}
		if s, ok := lib.specs[cur]; ok {
			return nil, s
		}
		cur = luaclass.Of(cur)
	}
	return nil, nil
}

func (lib *Lib) treeSpec() *spec {
	for _, s := range lib.specs {
		if s.tree {
			return s
		}
	}
	return nil
}

// taskOf returns the Go task of a task table, creating it on first sight
// for tables made by a script's own New (setmetatable(o, Class)).
func (lib *Lib) taskOf(v lua.LValue) (*Task, error) {
	tbl, ok := v.(*lua.LTable)
	if !ok {
		return nil, fmt.Errorf("want a task (a table made from a BT class), got %s", luaerr.Describe(v))
	}
	if ud, ok := tbl.RawGetString(nodeKey).(*lua.LUserData); ok {
		switch n := ud.Value.(type) {
		case *Task:
			return n, nil
		case *Tree:
			return nil, fmt.Errorf("want a task, got a behavior tree (%s)", lib.className(tbl, nil))
		}
	}
	if sp, ok := lib.specs[tbl]; ok {
		return nil, fmt.Errorf("want a task, got the class %s itself (make a task with %s:New())", sp.name, sp.name)
	}
	proto, sp := lib.resolve(tbl)
	if sp == nil {
		return nil, fmt.Errorf("want a task, got a table whose metatable chain has no BT class (make it with BTAction:New() or setmetatable(o, SomeTaskClass))")
	}
	if sp.tree {
		return nil, fmt.Errorf("want a task, got a behavior tree (%s)", lib.className(tbl, sp))
	}
	var args []lua.LValue
	if p, ok := proto.(*Task); ok {
		args = p.args
	}
	impl, err := sp.make(lib, args)
	if err != nil {
		return nil, err
	}
	t := lib.bind(tbl, sp, impl)
	t.args = args
	if p, ok := proto.(*Task); ok {
		t.where = p.where // made by the class's own New: where the class was
	}
	return t, nil
}

// bind creates the Go task for tbl around impl and stores it in tbl.
func (lib *Lib) bind(tbl *lua.LTable, sp *spec, impl bt.Task) *Task {
	t := &Task{Impl: impl, Self: tbl, lib: lib, spec: sp}
	impl.Base().Init(t, "")
	ud := lib.L.NewUserData()
	ud.Value = t
	tbl.RawSetString(nodeKey, ud)
	t.syncName()
	return t
}

// className returns the global name of the nearest class of tbl that is
// bound to a global (tbl itself excluded unless it is a class), or the
// built-in spec name.
func (lib *Lib) className(tbl *lua.LTable, sp *spec) string {
	rescanned := false
	for cur, n := tbl, 0; cur != nil && n < 64; n++ {
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
		cur = luaclass.Of(cur)
	}
	if sp != nil {
		return sp.name
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
