package btlib

import (
	"strings"

	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// luaNew is Class:New(...) for every built-in class: it makes a table
// whose metatable is Class (with Class.__index = Class, the series' class
// pattern) and gives it a Go node. Constructor arguments after self go to
// the built-in behaviour (BTLog:New(message), BTActionUniversal:New(owner,
// fn)).
func (lib *Lib) luaNew(L *lua.LState) int {
	self := lib.st.Unseal(L.CheckTable(1)) // a sandbox's proxy of a class
	if self.RawGetString("__index") == lua.LNil {
		self.RawSetString("__index", self)
	}
	proto, d := lib.resolveNew(self)
	if d == nil {
		L.RaiseError("New: %s is not a BT class", lib.className(self, nil))
	}
	if d.tree {
		o := L.CreateTable(0, 0) // no string map yet, as a task's (makeTask)
		o.Metatable = self
		lib.bindTree(o, proto)
		L.Push(o)
		return 1
	}
	p, _ := proto.(*Task)
	if p != nil && p.wrapped {
		L.RaiseError("New: %v", errWrapped(p))
	}
	var args []lua.LValue
	if top := L.GetTop(); top > 1 {
		args = make([]lua.LValue, 0, top-1)
		for i := 2; i <= top; i++ {
			args = append(args, L.Get(i))
		}
	} else if p != nil {
		args = p.args()
	}
	var where string
	if d.located {
		where = lib.lines.callerLineOf(L)
		lib.newWhere = where
		defer func() { lib.newWhere = "" }() // also when New raises
	}
	t, err := lib.makeTask(nil, self, d, args)
	if err != nil {
		L.RaiseError("%s:New: %v", d.Name, err)
	}
	if d.located {
		t.setWhere(where)
	}
	L.Push(t.Self)
	return 1
}

// takeWhere returns "file:line" of the Lua New call whose constructor
// runs: the line luaNew found for it (taken once, so a New nested in the
// constructor does not see it), else the caller of the current Go
// function.
func (lib *Lib) takeWhere(L *lua.LState) string {
	if w := lib.newWhere; w != "" {
		lib.newWhere = ""
		return w
	}
	return lib.lines.callerLineOf(L)
}

// callerLine returns "file:line" of the Lua code calling the current Go
// function, or "" when a Go function called it.
func callerLine(L *lua.LState) string {
	w := strings.TrimSuffix(L.Where(1), ":")
	if strings.HasPrefix(w, "[G]") {
		return ""
	}
	return w
}

// checkTask returns the task of argument n or raises an error naming the
// offending value.
func (lib *Lib) checkTask(L *lua.LState, n int, what string) *Task {
	t, err := lib.taskOf(L.Get(n))
	if err != nil {
		L.RaiseError("%s: %v", what, err)
	}
	return t
}

// builtinHook returns the built-in lifecycle method h. Called by a Lua
// override of the same method on the same task it is a super call and runs
// the built-in behaviour; OnUpdate called from anywhere else (a Lua
// composite ticking its child, as the series' BTSequence does) runs a whole
// tick with the lifecycle (see bt.Tick).
func (lib *Lib) builtinHook(h int) lua.LGFunction {
	return func(L *lua.LState) int {
		t := lib.checkTask(L, 1, hookNames[h])
		if h == hookUpdate && !t.updating {
			lib.refuseTicking(L, t, "OnUpdate")
		}
		var s bt.Status
		if L == lib.L {
			s = lib.runBuiltin(h, t)
		} else {
			s = lib.runBuiltinOn(L, h, t)
		}
		if h == hookUpdate {
			L.Push(lib.Status(s))
			return 1
		}
		return 0
	}
}

// runBuiltin runs the built-in lifecycle method h of t (see builtinHook)
// with t as the running task; OnUpdate returns its status.
func (lib *Lib) runBuiltin(h int, t *Task) bt.Status {
	defer lib.st.Leave(lib.st.Enter(t))
	switch h {
	case hookAwake:
		t.Impl.OnAwake()
	case hookStart:
		t.Impl.OnStart()
	case hookEnd:
		t.Impl.OnEnd()
	case hookReset:
		t.Impl.OnReset()
	case hookUpdate:
		if t.updating {
			return t.Impl.OnUpdate()
		}
		return lib.tickTask(t)
	}
	return bt.Inactive
}

// runBuiltinOn is runBuiltin for a call from thread L, another than the
// main state (see onMain).
func (lib *Lib) runBuiltinOn(L *lua.LState, h int, t *Task) bt.Status {
	var s bt.Status
	lib.st.OnMain(L, func() { s = lib.runBuiltin(h, t) })
	return s
}

// tickOn is lib.tickTask(t) for a Go function that Lua called on thread L.
func (lib *Lib) tickOn(L *lua.LState, t *Task) bt.Status {
	if L == lib.L {
		return lib.tickTask(t)
	}
	var s bt.Status
	lib.st.OnMain(L, func() { s = lib.tickTask(t) })
	return s
}

// tickTask ticks t with the lifecycle, attaching it to the tree being
// ticked when no Go parent gave it one.
func (lib *Lib) tickTask(t *Task) bt.Status {
	b := t.Base()
	if b.Parent() == nil {
		lib.adopt(t)
	}
	if lib.ticking != nil {
		b.AttachTree(lib.ticking.BT)
	}
	return bt.Tick(t)
}

// adopt gives t the Go parent named by its Lua parent field, for children
// that a Lua AddChild (the series' own BTParentTask) attached only in Lua.
func (lib *Lib) adopt(t *Task) {
	pt, ok := t.Self.RawGetString("parent").(*lua.LTable)
	if !ok {
		return
	}
	if p, err := lib.taskOf(pt); err == nil {
		idx, _ := t.Self.RawGetString("index").(lua.LNumber)
		t.Base().SetParent(p, int(idx)-1)
	}
}

// luaTick is task:Tick(): one tick of the task with its lifecycle.
func (lib *Lib) luaTick(L *lua.LState) int {
	t := lib.checkTask(L, 1, "Tick")
	if t.updating {
		L.RaiseError("Tick: %s ticks itself from its own OnUpdate", bt.Path(t))
	}
	lib.refuseTicking(L, t, "Tick")
	L.Push(lib.Status(lib.tickOn(L, t)))
	return 1
}

// luaGetStatus is task:GetStatus(): the status of the last tick.
func (lib *Lib) luaGetStatus(L *lua.LState) int {
	L.Push(lib.Status(lib.checkTask(L, 1, "GetStatus").Base().Status()))
	return 1
}

// luaIsStarted is task:IsStarted(): whether a run is under way.
func (lib *Lib) luaIsStarted(L *lua.LState) int {
	L.Push(lua.LBool(lib.checkTask(L, 1, "IsStarted").Base().Started()))
	return 1
}

// luaGetPath is task:GetPath(): the task's path in its tree.
func (lib *Lib) luaGetPath(L *lua.LState) int {
	L.Push(lua.LString(bt.Path(lib.checkTask(L, 1, "GetPath"))))
	return 1
}

// luaAddChild is parent:AddChild(child): the child joins the Go tree,
// which scripts read through the parent's childTasks view and the
// structure methods (see children.go); nothing is written into the child.
func (lib *Lib) luaAddChild(L *lua.LState) int {
	p := lib.checkTask(L, 1, "AddChild")
	c, err := lib.taskOf(L.Get(2))
	if err != nil {
		L.RaiseError("AddChild to %s: %v", bt.Path(p), err)
	}
	if err := lib.prepareView(p); err != nil {
		L.RaiseError("AddChild to %s: %v", bt.Path(p), err)
	}
	if err := p.AddChild(c); err != nil {
		L.RaiseError("AddChild of %s to %s: %v", bt.Path(c), bt.Path(p), err)
	}
	c.syncName()
	return 0
}

// luaChildCount is parent:GetChildCount().
func (lib *Lib) luaChildCount(L *lua.LState) int {
	L.Push(lua.LNumber(len(lib.checkTask(L, 1, "GetChildCount").Children())))
	return 1
}
