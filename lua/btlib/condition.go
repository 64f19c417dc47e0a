package btlib

import (
	"fmt"

	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// makeCondition is BTCondition:New(fn): a conditional that succeeds when
// fn(task) returns a true value and fails otherwise. fn is required when
// any argument is given (BTCondition:New(nil) is a mistake); without
// arguments the class pattern applies (IsVisible = BTCondition:New(), then
// IsVisible:OnUpdate), and ticking such a task that defines no OnUpdate is
// an error.
func makeCondition(lib *Lib, a []lua.LValue) (bt.Task, error) {
	fn, err := optFunc(a, 0, "fn")
	if err != nil {
		return nil, err
	}
	if fn == nil && len(a) > 0 {
		return nil, fmt.Errorf("fn must be a function, got nil")
	}
	c := bt.NewCondition(nil)
	c.Fn = func() bool {
		t, _ := c.Self().(*Task)
		if fn == nil {
			lib.incomplete(t, t.Kind()+" has no function: make it with BTCondition:New(fn), or define OnUpdate in a class derived from it")
		}
		return lib.callCondition(t, fn)
	}
	return c, nil
}

// callCondition calls a BTCondition function: true, false and nil answer
// as booleans, and BTTaskStatus.Success and Failure as what they say; any
// other result raises an error naming it.
func (lib *Lib) callCondition(t *Task, fn *lua.LFunction) bool {
	defer lib.leave(lib.enter(t))
	lib.invoke(fn, 1, t.Self)
	ret := lib.L.Get(-1)
	lib.L.Pop(1)
	switch v := ret.(type) {
	case lua.LBool:
		return bool(v)
	case *lua.LNilType:
		return false
	case lua.LNumber:
		if s := bt.Status(v); lua.LNumber(s) == v && s == bt.Success {
			return true
		} else if lua.LNumber(s) == v && s == bt.Failure {
			return false
		}
	}
	lib.L.Error(lua.LString(luaerr.Defined(fn)+": the BTCondition function returned "+luaerr.Describe(ret)+", want true or false"), 0)
	return false
}

// luaCondition is a composite precondition written in Lua: a function, or
// a table with a Check method (BTPrecondition, BTPreconditionNOT).
type luaCondition struct {
	lib   *Lib
	owner *Task
	fn    *lua.LFunction
	self  lua.LValue
}

// Check calls the function (with the table as self for a Check method).
func (c *luaCondition) Check() bool { return c.lib.callBool(c.owner, c.fn, c.self) }

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
		return &luaCondition{lib: lib, owner: t, fn: v, self: lua.LNil}
	case *lua.LTable:
		fn, ok := L.GetField(v, "Check").(*lua.LFunction)
		if !ok {
			L.RaiseError("%s: the table has no Check method (use BTPrecondition:New(fn) or BTPreconditionNOT:New(fn))", what)
		}
		return &luaCondition{lib: lib, owner: t, fn: fn, self: v}
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
	t := lib.L.NewTable()
	for _, a := range []bt.AbortType{bt.AbortNone, bt.AbortSelf, bt.AbortLowerPriority, bt.AbortBoth} {
		t.RawSetString(a.String(), lua.LNumber(a))
	}
	return t
}
