package btlib

import (
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
	luar "layeh.com/gopher-luar"
)

// toLua returns a blackboard value as a Lua value: Lua values as they
// are, Go numbers, bools and strings as Lua's, other Go values through
// gopher-luar.
func (lib *Lib) toLua(v any, ok bool) lua.LValue {
	switch x := v.(type) {
	case nil:
		return lua.LNil
	case lua.LValue:
		return x
	case float64:
		return lua.LNumber(x)
	case bool:
		return lua.LBool(x)
	case string:
		return lua.LString(x)
	}
	if !ok {
		return lua.LNil
	}
	return luar.New(lib.L, v)
}

// classifyLua is the blackboards' bt.Classifier: Lua numbers and
// booleans are stored unboxed (with their Lua box).
func classifyLua(v any) (num float64, isNum, isBool bool) {
	switch x := v.(type) {
	case lua.LNumber:
		return float64(x), true, false
	case lua.LBool:
		if x {
			return 1, false, true
		}
		return 0, false, true
	}
	return 0, false, false
}

// setVar stores a Lua value in the variable's slot: numbers and booleans
// unboxed (with their Lua box, so that reading them back allocates
// nothing), other values as they are; nil deletes.
func setVar(b *bt.Blackboard, name string, v lua.LValue) {
	s := b.Slot(name)
	switch x := v.(type) {
	case *lua.LNilType:
		b.SetValue(s, nil)
	case lua.LNumber:
		b.SetBoxedNumber(s, float64(x), v)
	case lua.LBool:
		b.SetBoxedBool(s, bool(x), v)
	default:
		b.SetValue(s, v)
	}
}

// taskTree returns the tree task t runs in: its own; else its nearest
// ancestor's; else the tree being ticked. A task that a Lua composite
// ticks itself (child:OnUpdate(), the series' style) never goes through a
// Go tick that would give it a tree, yet runs in one. Outside a tree it
// returns nil. Every tree accessor of a task goes through it.
func (lib *Lib) taskTree(t *Task) *bt.BehaviorTree {
	for cur := bt.Task(t); cur != nil; cur = cur.Base().Parent() {
		if tr := cur.Base().Tree(); tr != nil {
			return tr
		}
	}
	if lib.ticking != nil {
		return lib.ticking.BT
	}
	return nil
}

// taskVariable returns the blackboard that variable name of task t
// lives in, with its name there (a tree reference above t may give the
// subtree its own variable or remap it, see bt.ResolveVariable), or
// raises an error when t has not run in a tree yet.
func (lib *Lib) taskVariable(L *lua.LState, t *Task, what, name string) (*bt.Blackboard, string) {
	if bb, n, ok := bt.ResolveVariable(t, name); ok {
		return bb, n
	}
	tr := lib.taskTree(t)
	if tr == nil {
		L.RaiseError("%s: %s is not in a running tree yet (variables belong to the tree)", what, bt.Path(t))
	}
	return tr.Blackboard, name
}

// blackboardMethods are the variable methods of tasks and the module's
// global-variable functions (Behavior Designer's shared and global
// variables). A class reads the variable it is told to, so one class
// serves many trees: self:GetVariable(self.targetVariable).
func (lib *Lib) blackboardMethods(task *lua.LTable) {
	lib.setMethods(task, map[string]lua.LGFunction{
		"GetVariable": func(L *lua.LState) int {
			t := lib.checkTask(L, 1, "GetVariable")
			bb, name := lib.taskVariable(L, t, "GetVariable", argName(L, 2, "GetVariable"))
			L.Push(lib.toLua(bb.Get(name)))
			return 1
		},
		"SetVariable": func(L *lua.LState) int {
			t := lib.checkTask(L, 1, "SetVariable")
			bb, name := lib.taskVariable(L, t, "SetVariable", argName(L, 2, "SetVariable"))
			lib.setVar(bb, name, L.Get(3), t)
			return 0
		},
		"Render": func(L *lua.LState) int {
			L.Push(lua.LString(bt.Render(lib.checkTask(L, 1, "Render"))))
			return 1
		},
		"GetTime": func(L *lua.LState) int {
			var now float64
			if tr := lib.taskTree(lib.checkTask(L, 1, "GetTime")); tr != nil {
				now = tr.Time()
			}
			L.Push(lua.LNumber(now))
			return 1
		},
		"GetTickCount": func(L *lua.LState) int {
			var n uint64
			if tr := lib.taskTree(lib.checkTask(L, 1, "GetTickCount")); tr != nil {
				n = tr.Ticks()
			}
			L.Push(lua.LNumber(n))
			return 1
		},
	})
	lib.setMethods(lib.Module, map[string]lua.LGFunction{
		"GetGlobalVariable": func(L *lua.LState) int {
			L.Push(lib.toLua(lib.Globals.Get(argName(L, 1, "GetGlobalVariable"))))
			return 1
		},
		"SetGlobalVariable": func(L *lua.LState) int {
			lib.setVar(lib.Globals, argName(L, 1, "SetGlobalVariable"), L.Get(2), nil)
			return 0
		},
	})
}
