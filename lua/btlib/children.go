package btlib

import (
	"fmt"

	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// This file is how Lua sees the structure of a tree. The Go tree is the
// one source of truth: a task's parent, place and children are read from
// it (GetParent, GetIndex, GetLayer, GetRoot, GetChild, GetChildCount),
// and the childTasks field of a built-in parent is a read-only view of its
// Go children, not a copy (answered by the class's __index for a parent
// whose table had no field at its first AddChild: children_lazy.go). Every index a script sees is 1-based, as Lua's
// arrays are: GetIndex, GetChild, childTasks[i], currentChildIndex and the
// ParentTask protocol's indexes (CurrentChildIndex, OnChildStarted,
// OnChildExecuted, OnConditionalAbort). The series' own Lua parent classes
// (a BTParentTask written in Lua, with its own AddChild) keep childTasks,
// index, layer, parent and root as plain fields of their own, which the Go
// side reads when it ticks them.

// childView is the Go side of the childTasks view of a built-in parent.
type childView struct{ t *Task }

// boundView is a childView with the userdata that holds it.
type boundView struct {
	ud   lua.LUserData
	view childView
}

// viewMetatable returns the metatable of childTasks views.
func (lib *Lib) viewMetatable() *lua.LTable {
	L := lib.L
	next := L.NewFunction(func(L *lua.LState) int {
		v := lib.checkView(L)
		i := L.CheckInt(2) + 1
		c := childSelf(v.t, i)
		if c == lua.LNil {
			return 0
		}
		L.Push(lua.LNumber(i))
		L.Push(c)
		return 2
	})
	iter := L.NewFunction(func(L *lua.LState) int {
		lib.checkView(L)
		L.Push(next)
		L.Push(L.Get(1))
		L.Push(lua.LNumber(0))
		return 3
	})
	mt := L.CreateTable(0, 8)
	lib.setMethods(mt, map[string]lua.LGFunction{
		"__index": func(L *lua.LState) int {
			v := lib.checkView(L)
			n, ok := L.Get(2).(lua.LNumber)
			if !ok || lua.LNumber(int(n)) != n {
				L.Push(lua.LNil)
				return 1
			}
			L.Push(childSelf(v.t, int(n)))
			return 1
		},
		"__len": func(L *lua.LState) int {
			L.Push(lua.LNumber(len(lib.checkView(L).t.Children())))
			return 1
		},
		"__newindex": func(L *lua.LState) int {
			v := lib.checkView(L)
			v.t.syncName()
			L.RaiseError("childTasks of %s is a read-only view of its children: add children with AddChild", bt.DisplayName(v.t))
			return 0
		},
		"__tostring": func(L *lua.LState) int {
			v := lib.checkView(L)
			v.t.syncName()
			L.Push(lua.LString(fmt.Sprintf("childTasks of %s (%d children)", bt.DisplayName(v.t), len(v.t.Children()))))
			return 1
		},
	})
	mt.RawSetString("__ipairs", iter)
	mt.RawSetString("__pairs", iter)
	mt.RawSetString("__metatable", lua.LString("childTasks"))
	return mt
}

func (lib *Lib) checkView(L *lua.LState) *childView {
	if ud, ok := L.Get(1).(*lua.LUserData); ok {
		if v, ok := ud.Value.(*childView); ok {
			return v
		}
	}
	L.RaiseError("want a childTasks view, got %s", luaerr.Describe(L.Get(1)))
	return nil
}

// childSelf returns the table of child i (1-based) of t, or nil.
func childSelf(t *Task, i int) lua.LValue {
	kids := t.Children()
	if i < 1 || i > len(kids) {
		return lua.LNil
	}
	return selfOf(kids[i-1])
}

// selfOf returns the Lua table of a task, or nil for a task without one.
func selfOf(t bt.Task) lua.LValue {
	if lt, ok := t.(*Task); ok {
		return lt.Self
	}
	return lua.LNil
}

// prepareView checks, before p takes a child through AddChild, that p's
// childTasks field can be its view: unset, an empty table (the series'
// o.childTasks = {} in New), or the view already. A list the script filled
// itself would be a second structure beside the Go one.
//
// The view of a parent whose table lists no field is left to its class's
// __index function (children_lazy.go); a table with fields gets it as an
// unlisted field.
func (lib *Lib) prepareView(p *Task) error {
	switch v := p.Self.RawGetString("childTasks").(type) {
	case *lua.LNilType:
		if p.lazyView {
			return nil
		}
	case *lua.LUserData:
		if cv, ok := v.Value.(*childView); ok && cv.t == p {
			return nil
		}
		return fmt.Errorf("childTasks of %s is %s, not its own", bt.DisplayName(p), luaerr.Describe(v))
	case *lua.LTable:
		if v.Len() > 0 {
			return fmt.Errorf("childTasks of %s holds %d tasks that AddChild did not add; keep the children in one place: add them all with AddChild, or keep them all in a Lua parent class with its own AddChild", bt.DisplayName(p), v.Len())
		}
	default:
		return fmt.Errorf("childTasks of %s is %s, not a list of children", bt.DisplayName(p), luaerr.Describe(v))
	}
	if lib.viewByClass(p) {
		p.lazyView = true
		return nil
	}
	// Unlisted: pairs over the task does not show the view, and the
	// field costs no key-index map (a parent of every agent has one).
	luaclass.SetUnlisted(p.Self, "childTasks", lib.newView(p))
	return nil
}

// structureMethods are the BTTask methods that read a task's place in its
// tree from the Go tree.
func (lib *Lib) structureMethods() map[string]lua.LGFunction {
	return map[string]lua.LGFunction{
		"GetParent": func(L *lua.LState) int {
			p := lib.checkTask(L, 1, "GetParent").Base().Parent()
			if p == nil {
				L.Push(lua.LNil)
			} else {
				L.Push(selfOf(p))
			}
			return 1
		},
		"GetIndex": func(L *lua.LState) int {
			b := lib.checkTask(L, 1, "GetIndex").Base()
			i := 0
			if b.Parent() != nil {
				i = b.Index() + 1
			}
			L.Push(lua.LNumber(i))
			return 1
		},
		"GetLayer": func(L *lua.LState) int {
			L.Push(lua.LNumber(lib.checkTask(L, 1, "GetLayer").Base().Layer()))
			return 1
		},
		"GetRoot": func(L *lua.LState) int {
			var t bt.Task = lib.checkTask(L, 1, "GetRoot")
			for p := t.Base().Parent(); p != nil; p = p.Base().Parent() {
				t = p
			}
			L.Push(selfOf(t))
			return 1
		},
	}
}

// luaGetChild is parent:GetChild(i): child i (1-based), or nil.
func (lib *Lib) luaGetChild(L *lua.LState) int {
	t := lib.checkTask(L, 1, "GetChild")
	L.Push(childSelf(t, argInt(L, 2, "GetChild", "index")))
	return 1
}

// IsChildView reports whether v is the childTasks view of a task: part
// of the tree's structure, which a save leaves out (the script builds it
// again).
func IsChildView(v lua.LValue) bool {
	ud, ok := v.(*lua.LUserData)
	if !ok {
		return false
	}
	switch ud.Value.(type) {
	case *childView, childView, *boundView:
		return true
	}
	return false
}
