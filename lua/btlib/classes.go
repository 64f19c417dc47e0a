package btlib

import (
	lua "github.com/yuin/gopher-lua"
)

// registerClasses creates the built-in class tables, their methods, the
// BTTaskStatus table and the module table.
func (lib *Lib) registerClasses() {
	L := lib.L
	for h := range lib.builtin {
		lib.builtin[h] = L.NewFunction(lib.builtinHook(h))
	}
	status := L.NewTable()
	for _, s := range []struct {
		name string
		v    int
	}{{"Inactive", 0}, {"Failure", 1}, {"Success", 2}, {"Running", 3}} {
		status.RawSetString(s.name, lib.statuses[s.v])
	}
	L.SetGlobal("BTTaskStatus", status)
	lib.Module.RawSetString("TaskStatus", status)
	lib.Module.RawSetString("Status", status)

	task := lib.class("BTTask", nil, &spec{make: makeLeaf})
	lib.setMethods(task, map[string]lua.LGFunction{
		"New":       lib.luaNew,
		"Tick":      lib.luaTick,
		"GetStatus": lib.luaGetStatus,
		"IsStarted": lib.luaIsStarted,
		"GetPath":   lib.luaGetPath,
	})
	for h, fn := range lib.builtin {
		task.RawSetString(hookNames[h], fn)
	}
	lib.blackboardMethods(task)
	task.RawSetString("layer", lua.LNumber(0))
	task.RawSetString("index", lua.LNumber(0))

	parent := lib.class("BTParentTask", task, &spec{parent: true, make: makeAbstract("BTParentTask")})
	lib.setMethods(parent, map[string]lua.LGFunction{
		"AddChild":      lib.luaAddChild,
		"GetChildCount": lib.luaChildCount,
	})
	parent.RawSetString("currentChildIndex", lua.LNumber(0))
	composite := lib.class("BTComposite", parent, &spec{parent: true, make: makeAbstract("BTComposite")})
	lib.setMethods(composite, map[string]lua.LGFunction{
		"AddCondition":    lib.luaAddCondition,
		"AddConditionNot": lib.luaAddConditionNot,
		"SetAbortType":    lib.luaSetAbortType,
	})
	abort := lib.abortTypes()
	L.SetGlobal("BTAbortType", abort)
	lib.Module.RawSetString("AbortType", abort)
	lib.class("BTDecorator", parent, &spec{parent: true, located: true, make: makeDecorator})
	action := lib.class("BTAction", task, &spec{leaf: true, make: makeLeaf})
	lib.class("BTConditional", task, &spec{leaf: true, conditional: true, make: makeCond})
	lib.registerNodes(composite, lib.specByName("BTDecorator").class, action, lib.specByName("BTConditional").class)
	lib.class("BTLog", action, &spec{leaf: true, make: makeLog})
	lib.class("BTActionUniversal", action, &spec{leaf: true, located: true, make: makeUniversal})

	tree := lib.class("BTBehaviorTree", nil, &spec{tree: true})
	lib.setMethods(tree, lib.treeMethods())
	execution := lib.executionTypes()
	L.SetGlobal("BTExecutionType", execution)
	lib.Module.RawSetString("ExecutionType", execution)
}

// class creates a built-in class table bound to the global name and to
// the module field without its "BT" prefix.
func (lib *Lib) class(name string, parent *lua.LTable, sp *spec) *lua.LTable {
	t := lib.L.NewTable()
	t.RawSetString("__index", t)
	if parent != nil {
		t.Metatable = parent
	}
	sp.name = name
	sp.class = t
	lib.specs[t] = sp
	lib.names[t] = name
	lib.L.SetGlobal(name, t)
	lib.Module.RawSetString(name[2:], t)
	return t
}

func (lib *Lib) setMethods(t *lua.LTable, fns map[string]lua.LGFunction) {
	for name, fn := range fns {
		t.RawSetString(name, lib.L.NewFunction(fn))
	}
}
