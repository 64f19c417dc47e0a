package btlib

import (
	"github.com/btlua/btlua/lua/luaclass"
	lua "github.com/yuin/gopher-lua"
)

// preconditionNew is bt.lua's BTPrecondition:New(x) done in Go, which
// BTPrecondition.New becomes once bt.lua is loaded (BTPreconditionNOT and
// the classes scripts derive from them inherit it): the warrior seed's
// agents make eight preconditions each, and building thousands of agents
// spends its time in such small constructors (issue 9, build time). For a
// class table self and x nil, a function or a table holding its own fn,
// it makes { fn = fn } with self as metatable and sets self.__index =
// self, as the Lua constructor does (TestPreconditionNewAsLua); any other
// call runs the Lua constructor inLua, with its results and errors.
func preconditionNew(inLua *lua.LFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		self, ok := L.Get(1).(*lua.LTable)
		sealed := false // a sandbox's proxy of a class: its __index stays as the sandbox made it
		if ok {
			real := luaclass.For(L).Unseal(self)
			self, sealed = real, real != self
		}
		fn := L.Get(2)
		if t, isTable := fn.(*lua.LTable); isTable {
			fn = t.RawGetString("fn")
			ok = ok && fn != lua.LNil // else x.fn may come from __index
		}
		if !ok {
			return luaclass.PassOn(L, inLua)
		}
		// The table and its key list in one allocation (a cell).
		cell := &luaclass.TableCell{}
		o := cell.Init(1)
		if o == nil {
			o = L.CreateTable(0, 1)
		}
		if fn != lua.LNil && (o != &cell.Table || !cell.SetOnlyField("fn", fnKey, fn)) {
			o.RawSetString("fn", fn)
		}
		o.Metatable = self
		if !sealed && self.RawGetString("__index") != self {
			L.SetField(self, "__index", self)
		} // else the assignment would change nothing

		L.Push(o)
		return 1
	}
}

// fnKey is the key of a precondition's function, boxed once.
var fnKey lua.LValue = lua.LString("fn")

// fastPreconditions replaces BTPrecondition.New, bt.lua's Lua constructor,
// with preconditionNew.
func (lib *Lib) fastPreconditions() {
	class, ok := lib.L.GetGlobal("BTPrecondition").(*lua.LTable)
	if !ok {
		return
	}
	if orig, ok := class.RawGetString("New").(*lua.LFunction); ok && !orig.IsG {
		class.RawSetString("New", lib.L.NewFunction(preconditionNew(orig)))
	}
}
