package btlib

import (
	"fmt"

	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// This file binds the core's declarative variable tasks, which read and
// write the tree's blackboard in Go without calling Lua:
//
//	seq:AddCondition("hasTarget")            -- the variable is truthy
//	seq:AddCondition("health", "<", 30)       -- ==, ~= (!=), <, <=, >, >=
//	seq:AddConditionNot("health", "<", 30)    -- the negation
//	BTCompare:New("health", "<", 30)          -- a conditional task
//	BTSetVariable:New("alert", true)          -- an action; Success
//	BTIncrement:New("count", 1)               -- an action; Success
//
// Each variable is resolved to its blackboard slot the first time the
// task runs in a tree (bt.VarTest); a missing variable or one of the
// wrong type is an error naming the task and the variable.

// registerVarTasks creates BTCompare, BTSetVariable and BTIncrement.
func (lib *Lib) registerVarTasks(action, conditional *lua.LTable) {
	lib.class("BTCompare", conditional, &spec{leaf: true, conditional: true, located: true, make: makeCompare})
	lib.class("BTSetVariable", action, &spec{leaf: true, located: true, make: makeSetVariable})
	lib.class("BTIncrement", action, &spec{leaf: true, located: true, make: makeIncrement})
}

// makeCompare is BTCompare:New(name, op, value) or BTCompare:New(name)
// (truthy).
func makeCompare(_ *Lib, a []lua.LValue) (bt.Task, error) {
	vt, err := varTestArgs(a, false)
	if err != nil {
		return nil, err
	}
	return bt.NewVarCompare(vt), nil
}

// makeSetVariable is BTSetVariable:New(name, value); a nil value deletes
// the variable.
func makeSetVariable(_ *Lib, a []lua.LValue) (bt.Task, error) {
	name, err := varName(a, "BTSetVariable:New(name, value)")
	if err != nil {
		return nil, err
	}
	v, err := goValue(arg(a, 1), "value")
	if err != nil {
		return nil, err
	}
	return bt.NewSetVariable(name, v), nil
}

// makeIncrement is BTIncrement:New(name, by); by defaults to 1.
func makeIncrement(_ *Lib, a []lua.LValue) (bt.Task, error) {
	name, err := varName(a, "BTIncrement:New(name, by)")
	if err != nil {
		return nil, err
	}
	by, err := optNumber(a, 1, "by", 1)
	if err != nil {
		return nil, err
	}
	return bt.NewIncrement(name, by), nil
}

// varName reads argument 0 as a variable name.
func varName(a []lua.LValue, use string) (string, error) {
	s, ok := arg(a, 0).(lua.LString)
	if !ok || s == "" {
		return "", fmt.Errorf("the variable name must be a non-empty string, got %s: %s", luaerr.Describe(arg(a, 0)), use)
	}
	return string(s), nil
}

// varTestArgs reads (name, op?, value?) as a declarative test.
func varTestArgs(a []lua.LValue, negate bool) (*bt.VarTest, error) {
	name, err := varName(a, `(name) or (name, op, value), op one of "==", "~=", "<", "<=", ">", ">="`)
	if err != nil {
		return nil, err
	}
	op := bt.OpTruthy
	if arg(a, 1) != lua.LNil || arg(a, 2) != lua.LNil {
		s, ok := arg(a, 1).(lua.LString)
		if !ok {
			return nil, fmt.Errorf("%s: the comparison must be a string such as \"<\", got %s", name, luaerr.Describe(arg(a, 1)))
		}
		if op, err = bt.ParseCompareOp(string(s)); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
	}
	var operand any
	if op != bt.OpTruthy {
		if operand, err = goValue(arg(a, 2), "the value to compare with"); err != nil {
			return nil, fmt.Errorf("%s %s: %v", name, op, err)
		}
	}
	return bt.NewVarTest(name, op, operand, negate)
}

// goValue converts a constructor argument to the Go value the core's
// variable tasks store: numbers as float64, booleans as bool, strings as
// string, nil as nil; other Lua values as they are.
func goValue(v lua.LValue, what string) (any, error) {
	switch x := v.(type) {
	case *lua.LNilType:
		return nil, nil
	case lua.LNumber:
		return float64(x), nil
	case lua.LBool:
		return bool(x), nil
	case lua.LString:
		return string(x), nil
	case *lua.LFunction:
		return nil, fmt.Errorf("%s must be a value, got %s", what, luaerr.Describe(v))
	}
	return v, nil
}

// luaAddVarCondition is composite:AddCondition(name, op?, value?) and
// AddConditionNot: a declarative precondition (see
// bt.Composite.AddVarCondition).
func (lib *Lib) luaAddVarCondition(L *lua.LState, t *Task, negate bool) {
	adder, ok := t.Impl.(interface{ AddVarCondition(*bt.VarTest) })
	if !ok {
		L.RaiseError("AddCondition: %s is not a composite", bt.Path(t))
	}
	args := make([]lua.LValue, 0, 3)
	for i := 2; i <= L.GetTop() && i <= 4; i++ {
		args = append(args, L.Get(i))
	}
	vt, err := varTestArgs(args, negate)
	if err != nil {
		L.RaiseError("%s: %v", conditionMethod(negate), err)
	}
	adder.AddVarCondition(vt)
}

// luaAddConditionNot is composite:AddConditionNot(name, op?, value?): the
// negation of the declarative precondition, or of a function or
// precondition table (as BTPreconditionNOT:New(x)).
func (lib *Lib) luaAddConditionNot(L *lua.LState) int {
	t := lib.checkTask(L, 1, "AddConditionNot")
	if _, ok := L.Get(2).(lua.LString); ok {
		lib.luaAddVarCondition(L, t, true)
		return 0
	}
	adder, ok := t.Impl.(interface{ AddCondition(bt.Condition) })
	if !ok {
		L.RaiseError("AddConditionNot: %s is not a composite", bt.Path(t))
	}
	c := lib.luaConditionArg(L, t, "AddConditionNot")
	adder.AddCondition(bt.PreconditionNot(c))
	return 0
}

func conditionMethod(negate bool) string {
	if negate {
		return "AddConditionNot"
	}
	return "AddCondition"
}
