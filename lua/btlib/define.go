package btlib

import (
	lua "github.com/yuin/gopher-lua"
)

// classDef is a task class as defined in one Lua state: its declaration,
// its table and what its tasks are (taken from its base class).
type classDef struct {
	Class
	table *lua.LTable
	kind  classKind
	// located is Class.Located of the class or of a base class.
	located bool
	// tree marks BTBehaviorTree, the one class that is not a task class.
	tree bool
	// lib is the library of the Lua state the class is defined in (a
	// task reaches its library through its class).
	lib *Lib
	// index is the __index function of a built-in parent class (see
	// parentIndex), nil for the other classes (baseParents included),
	// whose __index is the class table itself.
	index *lua.LFunction
}

// defineClasses creates the BTTaskStatus, BTAbortType and
// BTExecutionType tables, the task classes decls (each after its base),
// and the tree class.
func (lib *Lib) defineClasses(decls []Class) {
	L := lib.L
	for h := range lib.builtin {
		lib.builtin[h] = L.NewFunction(lib.builtinHook(h))
	}
	lib.hooks = lib.hookSet()
	lib.viewMeta = lib.viewMetatable()
	status := L.CreateTable(0, 4)
	for _, s := range []struct {
		name string
		v    int
	}{{"Inactive", 0}, {"Failure", 1}, {"Success", 2}, {"Running", 3}} {
		status.RawSetString(s.name, lib.statuses[s.v])
	}
	lib.global("BTTaskStatus", status)
	lib.Module.RawSetString("Status", status)
	lib.global("BTAbortType", lib.abortTypes())
	lib.global("BTExecutionType", lib.executionTypes())

	for _, c := range decls {
		lib.define(c)
	}
	tree := lib.classTable("BTBehaviorTree", nil)
	lib.setMethods(tree, lib.treeMethods())
	lib.treeClass = &classDef{Class: Class{Name: "BTBehaviorTree"}, table: tree, tree: true, lib: lib}
	lib.classes[tree] = lib.treeClass
	lib.byName["BTBehaviorTree"] = lib.treeClass
}

// define creates the table of class c, whose base is defined already.
func (lib *Lib) define(c Class) {
	d := &classDef{Class: c, kind: c.kind, located: c.Located, lib: lib}
	var base *lua.LTable
	if b := lib.byName[c.Base]; b != nil {
		base = b.table
		if !c.kind.set {
			d.kind = b.kind
		}
		d.located = d.located || b.located
	}
	d.table = lib.classTable(c.Name, base)
	if d.kind.parent && !baseParents[c.Name] {
		d.index = lib.parentIndex(d)
		d.table.RawSetString("__index", d.index)
		lib.st.IndexWalk(d.index, d.table)
	}
	lib.classes[d.table] = d
	lib.byName[c.Name] = d
	if c.setup != nil {
		c.setup(lib, d.table)
	}
}

// classTable creates a class table derived from base (nil for none),
// bound to the global name and to the module field without a "BT"
// prefix. The table starts with room for its __index only: most classes
// hold nothing else, and L.NewTable's room for 32 keys and 32 values
// would be 2.5 KB a class (the keys' order, what pairs sees, does not
// depend on it).
func (lib *Lib) classTable(name string, base *lua.LTable) *lua.LTable {
	t := lib.L.CreateTable(0, 1)
	t.RawSetString("__index", t)
	if base != nil {
		t.Metatable = base
	}
	lib.names[t] = name
	lib.global(name, t)
	return t
}

// global binds v to the global name and to the module field of the same
// name without its "BT" prefix (BTSequence is also bt.Sequence).
func (lib *Lib) global(name string, v lua.LValue) {
	lib.L.SetGlobal(name, v)
	lib.Module.RawSetString(moduleName(name), v)
}

// moduleName is the name of the field of require("bt") for the global
// name: name without its "BT" prefix.
func moduleName(name string) string {
	if len(name) > 2 && name[:2] == "BT" {
		return name[2:]
	}
	return name
}

func (lib *Lib) setMethods(t *lua.LTable, fns map[string]lua.LGFunction) {
	for name, fn := range fns {
		t.RawSetString(name, lib.L.NewFunction(fn))
	}
}
