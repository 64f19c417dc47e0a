package btlib

import (
	"github.com/btlua/btlua/lua/luaclass"
	lua "github.com/yuin/gopher-lua"
)

// This file keeps the childTasks view of a built-in parent out of its
// table when the table has no field of its own (issue 9: one string-map
// group of 288 bytes and a 48-byte userdata per parent, 8 parents per
// agent of the warrior benchmark). The table of every concrete class whose
// tasks take children (the composites and decorators, not the abstract
// baseParents) has a Go function as __index, which a read of a key the
// task's table lacks reaches first:
//
//   - for "childTasks" on a task whose first AddChild found its table
//     with no field (Task.lazyView), it returns the task's view, made on
//     the first read and kept in the task's cold part, so that every read
//     returns the same userdata;
//   - for any other key it looks the key up along the class chain with
//     raw reads in one Go loop (the class, luaclass.Of of it, and so on),
//     as the chain of __index tables did: a method lookup costs one Go
//     call, not one per class.
//
// rawget(task, "childTasks") is nil for such a task, and next and pairs
// do not list the view (as before). A field the script sets wins, as any
// field does over __index; one set to nil after the first AddChild lets
// the view show again. A table that has fields when its first AddChild
// runs (a script's own {} in its New, or a task whose name was set
// first) has a map already, and keeps the view as a field (prepareView).

// baseParents are the abstract built-in parent classes, the ones scripts
// derive their own parent classes from (LSeq = BTComposite:New(), then
// setmetatable(o, LSeq)). Their __index stays the class table: gopher-lua
// boxes the method name of a call (obj:Method()) that reaches an __index
// function, a 16-byte allocation, and a Lua parent calls inherited
// methods (HasChild, GetNextChild) on every tick. Their own instances,
// rare, keep the view as a field. A script class derived from a concrete
// parent (MySeq = BTSequence:New()) pays that allocation for each call of
// an inherited method; fields (self.currentChildIndex) cost nothing, as
// gopher-lua reads them with the constant key.
var baseParents = map[string]bool{"BTParentTask": true, "BTComposite": true, "BTDecorator": true}

// parentIndex returns the __index function of the built-in parent class
// d. Its one upvalue is a userdata holding d, so that a method call
// through it can be answered without calling it (method_self.go).
func (lib *Lib) parentIndex(d *classDef) *lua.LFunction {
	class := d.table
	mark := lib.L.NewUserData()
	mark.Value = d
	return lib.L.NewClosure(func(L *lua.LState) int {
		L.Push(lib.parentField(class, L.Get(1), L.Get(2)))
		return 1
	}, mark)
}

// parentField is what the __index function of the built-in parent class
// class returns for self[k]: the childTasks view of a task with
// lazyView, else the first value of k on the class chain.
func (lib *Lib) parentField(class *lua.LTable, self, k lua.LValue) lua.LValue {
	if s, ok := k.(lua.LString); ok && s == "childTasks" {
		if self, ok := self.(*lua.LTable); ok {
			if t, ok := luaclass.Own(self).(*Task); ok && t.lazyView {
				return lib.lazyView(t)
			}
		}
	}
	// luaclass.Chain's walk, by hand: its iterator allocates a
	// closure a call, and this runs for each method lookup.
	for cur, n := class, 0; cur != nil && n < luaclass.MaxDepth; n++ {
		if v := cur.RawGet(k); v != lua.LNil {
			return v
		}
		cur = luaclass.Of(cur)
	}
	return lua.LNil
}

// indexClass returns the class whose parentIndex function fn is, or nil.
func indexClass(fn *lua.LFunction) *classDef {
	if !fn.IsG || len(fn.Upvalues) != 1 {
		return nil
	}
	ud, ok := fn.Upvalues[0].Value().(*lua.LUserData)
	if !ok {
		return nil
	}
	d, _ := ud.Value.(*classDef)
	if d == nil || d.index != fn {
		return nil
	}
	return d
}

// lazyView returns the childTasks view of t, made on first use.
func (lib *Lib) lazyView(t *Task) *lua.LUserData {
	c := t.extra()
	if c.view == nil {
		c.view = lib.newView(t)
	}
	return c.view
}

// newView makes a childTasks view of p: the view and its userdata in one
// allocation.
func (lib *Lib) newView(p *Task) *lua.LUserData {
	v := &boundView{view: childView{t: p}}
	v.ud = lua.LUserData{Value: &v.view, Env: lib.L.Env, Metatable: lib.viewMeta}
	return &v.ud
}

// viewByClass reports whether p's view can be left to its class's
// __index function: p's table lists no field (next finds none), and its
// metatable is a built-in parent class whose __index is that function,
// so a read of p.childTasks reaches the function with p itself.
func (lib *Lib) viewByClass(p *Task) bool {
	mt, ok := p.Self.Metatable.(*lua.LTable)
	if !ok {
		return false
	}
	d := lib.classes[mt]
	if d == nil || d.index == nil || mt.RawGetString("__index") != d.index {
		return false
	}
	k, _ := p.Self.Next(lua.LNil)
	return k == lua.LNil
}
