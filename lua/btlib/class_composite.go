package btlib

import (
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

func init() {
	builtin(Class{
		Name: "BTComposite", Base: "BTParentTask",
		Doc: "A composite. A Lua class derived from it defines OnUpdate and ticks its children itself, or Behavior Designer's ParentTask protocol: " +
			"CanExecute() and optionally CurrentChildIndex() (1-based), OnChildStarted(index), OnChildExecuted(index, status), OverrideStatus(status), OnConditionalAbort(index).",
		New: newAbstractParent("BTComposite"),
		Fields: []Field{
			{"AddCondition", "fun(self: BTComposite, cond: function|BTPrecondition|string, op: string?, value: any)", "a precondition, checked before the composite starts and every tick it runs; when one fails the composite ends its running child and fails (the warrior design). Given a variable name it is tested in Go without calling Lua: AddCondition(\"hasTarget\") (truthy), AddCondition(\"health\", \"<\", 30) (==, ~=, <, <=, >, >=); a missing variable or one of the wrong type is an error"},
			{"AddConditionNot", "fun(self: BTComposite, cond: function|BTPrecondition|string, op: string?, value: any)", "the negation of AddCondition's precondition"},
			{"SetAbortType", "fun(self: BTComposite, abort: integer)", "a BTAbortType value; set it before the composite runs"},
		},
		setup: func(lib *Lib, c *lua.LTable) {
			lib.setMethods(c, map[string]lua.LGFunction{
				"AddCondition":    lib.luaAddCondition,
				"AddConditionNot": lib.luaAddConditionNot,
				"SetAbortType":    lib.luaSetAbortType,
			})
		},
	})
}

// luaCondition is a composite precondition written in Lua: a function, or
// a table with a Check method (BTPrecondition, BTPreconditionNOT). It is
// kept small: a composite checks its preconditions on every tick it runs,
// and each is a first touch of memory in a big population of agents.
type luaCondition struct {
	owner *Task
	fn    *lua.LFunction
	// self is the table of a Check method, nil for a function.
	self *lua.LTable
	// inline is the inline form of the function last called (see
	// inline_condition.go), nil before the first check.
	inline *inlineTest
	// upFn is the function last evaluated inline and up the upvalue its
	// inline form reads: a check of the same function reads the upvalue
	// without reading the function (two cache misses fewer a check when
	// thousands of agents outgrow the caches).
	upFn *lua.LFunction
	up   *lua.Upvalue
	// stock is set when fn is the library's own BTPrecondition.Check
	// (stockCheckIs) or BTPreconditionNOT.Check (stockCheckNot): Check then
	// calls the table's function itself, one Lua call instead of two.
	stock stockCheck
}

// stockCheck tells which of bt.lua's Check methods a precondition table
// uses.
type stockCheck uint8

const (
	notStock stockCheck = iota
	stockCheckIs
	stockCheckNot
)

// Check calls the function (with the table as self for a Check method).
// For the stock Check methods it does their work in Go when the table's
// own fn field is a Lua function: fn() called without arguments, its Lua
// truth (negated for BTPreconditionNOT), exactly what bt.lua's Check
// returns; any other table goes through the Lua method. A function of one
// of the seed's one-line shapes is evaluated without a call (see
// inline_condition.go).
func (c *luaCondition) Check() bool {
	if c.self == nil {
		return c.truth(c.fn, true)
	}
	if c.stock != notStock {
		if fn, ok := c.self.RawGetString("fn").(*lua.LFunction); ok {
			return c.truth(fn, false) != (c.stock == stockCheckNot)
		}
	}
	return c.owner.class.lib.callBool(c.owner, c.fn, c.self)
}

// truth returns the Lua truth of fn() (of fn(nil) when nilArg is set, as
// a function precondition is called), evaluated inline when fn's shape
// allows it (see inlineTest).
func (c *luaCondition) truth(fn *lua.LFunction, nilArg bool) bool {
	if fn == c.upFn {
		if r, ok := c.inline.evalUpvalue(c.up); ok {
			return r
		}
		return c.call(fn, nilArg)
	}
	in := c.inline
	if (in == nil || in.proto != fn.Proto) && !fn.IsG {
		in = c.owner.class.lib.inlineFor(fn.Proto)
		c.inline, c.upFn, c.up = in, nil, nil
	}
	if in != nil && in.proto == fn.Proto && in.op != inlineNone {
		if up := in.upvalue(fn); up != nil {
			c.upFn, c.up = fn, up
			if r, ok := in.evalUpvalue(up); ok {
				return r
			}
		}
	}
	return c.call(fn, nilArg)
}

// call returns the Lua truth of fn() (of fn(nil) when nilArg is set).
func (c *luaCondition) call(fn *lua.LFunction, nilArg bool) bool {
	if nilArg {
		return c.owner.class.lib.callBool(c.owner, fn, lua.LNil)
	}
	return c.owner.class.lib.callTruth(c.owner, fn)
}

// luaAddCondition is composite:AddCondition(cond), the warrior seed's
// precondition: cond is a function or a table with a Check method, or a
// variable test in Go, AddCondition(name, op?, value?) (see var_tasks.go). The
// composite checks its conditions before it starts and on every tick it
// runs; one that fails ends the composite with Failure (see
// bt.Composite.AddCondition).
func (lib *Lib) luaAddCondition(L *lua.LState) int {
	t := lib.checkTask(L, 1, "AddCondition")
	if _, ok := L.Get(2).(lua.LString); ok {
		lib.luaAddVarCondition(L, t, false) // declarative: var_tasks.go
		return 0
	}
	adder, ok := t.Impl.(interface{ AddCondition(bt.Condition) })
	if !ok {
		L.RaiseError("AddCondition: %s is not a composite", bt.Path(t))
	}
	adder.AddCondition(lib.luaConditionArg(L, t, "AddCondition"))
	return 0
}

// luaConditionArg reads argument 2 as a Lua precondition: a function, or
// a table with a Check method.
func (lib *Lib) luaConditionArg(L *lua.LState, t *Task, what string) *luaCondition {
	switch v := L.Get(2).(type) {
	case *lua.LFunction:
		c := lib.newCondition()
		c.owner, c.fn = t, v
		return c
	case *lua.LTable:
		fn, ok := getField(L, v, lua.LString("Check")).(*lua.LFunction)
		if !ok {
			L.RaiseError("%s: the table has no Check method (use BTPrecondition:New(fn) or BTPreconditionNOT:New(fn))", what)
		}
		c := lib.newCondition()
		c.owner, c.fn, c.self = t, fn, v
		switch fn {
		case lib.checkIs:
			c.stock = stockCheckIs
		case lib.checkNot:
			c.stock = stockCheckNot
		default:
			// A script's own precondition table ({} and its fields) lives
			// as long as the tree: right-size it (BTPrecondition:New
			// makes its tables right-sized).
			luaclass.Compact(v, 0)
		}
		return c
	}
	L.RaiseError("%s: want a function, a precondition or a variable name, got %s", what, luaerr.Describe(L.Get(2)))
	return nil
}

// luaSetAbortType is composite:SetAbortType(BTAbortType.X).
func (lib *Lib) luaSetAbortType(L *lua.LState) int {
	t := lib.checkTask(L, 1, "SetAbortType")
	setter, ok := t.Impl.(interface{ SetAbortType(bt.AbortType) })
	if !ok {
		L.RaiseError("SetAbortType: %s is not a composite", bt.Path(t))
	}
	n, ok := L.Get(2).(lua.LNumber)
	if a := bt.AbortType(n); !ok || lua.LNumber(a) != n || a > bt.AbortBoth {
		L.RaiseError("SetAbortType: want BTAbortType.None, Self, LowerPriority or Both, got %s", luaerr.Describe(L.Get(2)))
	}
	setter.SetAbortType(bt.AbortType(n))
	return 0
}

// abortTypes is the BTAbortType table.
func (lib *Lib) abortTypes() *lua.LTable {
	t := lib.L.CreateTable(0, 4)
	for _, a := range []bt.AbortType{bt.AbortNone, bt.AbortSelf, bt.AbortLowerPriority, bt.AbortBoth} {
		t.RawSetString(a.String(), lua.LNumber(a))
	}
	return t
}
