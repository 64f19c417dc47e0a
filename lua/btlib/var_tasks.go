package btlib

import (
	"fmt"

	"github.com/btlua/btlua/lua/luaclass"
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

func init() {
	builtin(Class{
		Name: "BTCompare", Base: "BTConditional", Located: true,
		Doc: "Compares a variable of the tree's blackboard in Go, without calling Lua: Success when the test holds, else Failure. " +
			"BTCompare:New(name) tests that the variable is truthy; BTCompare:New(name, op, value) compares it (==, ~=, <, <=, >, >=). A missing variable or one of the wrong type is an error.",
		Params: []Param{
			{Name: "name", Type: ArgAny, Doc: "the variable"},
			{Name: "op", Type: ArgAny, Optional: true, Doc: "\"==\", \"~=\", \"<\", \"<=\", \">\" or \">=\"; omitted: truthy"},
			{Name: "value", Type: ArgAny, Optional: true, Doc: "the value compared with"},
		},
		New: func(a Args) (bt.Task, error) {
			vt, err := varTestArgs(a.raw, false)
			if err != nil {
				return nil, err
			}
			return bt.NewVarCompare(vt), nil
		},
	})
	builtin(Class{
		Name: "BTSetVariable", Base: "BTAction", Located: true,
		Doc: "Sets a variable of the tree's blackboard (nil deletes it) and succeeds, in Go without calling Lua.",
		Params: []Param{
			{Name: "name", Type: ArgAny, Doc: "the variable"},
			{Name: "value", Type: ArgAny, Optional: true, Doc: "the value; nil deletes the variable"},
		},
		New: func(a Args) (bt.Task, error) {
			name, err := varName(a.raw, "BTSetVariable:New(name, value)")
			if err != nil {
				return nil, err
			}
			v, err := goValue(luaclass.Arg(a.raw, 1), "value")
			if err != nil {
				return nil, err
			}
			return bt.NewSetVariable(name, v), nil
		},
	})
	builtin(Class{
		Name: "BTIncrement", Base: "BTAction", Located: true,
		Doc: "Adds a number to a numeric variable of the tree's blackboard and succeeds, in Go without calling Lua.",
		Params: []Param{
			{Name: "name", Type: ArgAny, Doc: "the variable"},
			{Name: "by", Type: ArgNumber, Optional: true, Default: 1.0, Doc: "the amount added, a finite number (not NaN, ±1/0 or ±math.huge); default 1"},
		},
		New: func(a Args) (bt.Task, error) {
			name, err := varName(a.raw, "BTIncrement:New(name, by)")
			if err != nil {
				return nil, err
			}
			by := a.Number("by")
			if !luaerr.Finite(by) {
				// math.huge: finite in gopher-lua, infinity in Lua.
				return nil, fmt.Errorf("by must be a finite number, got %s", luaerr.Number(by))
			}
			return bt.NewIncrement(name, by), nil
		},
	})
}

// varName reads argument 0 as a variable name.
func varName(a []lua.LValue, use string) (string, error) {
	s, ok := luaclass.Arg(a, 0).(lua.LString)
	if !ok || s == "" {
		return "", fmt.Errorf("the variable name must be a non-empty string, got %s: %s", luaerr.Describe(luaclass.Arg(a, 0)), use)
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
	if luaclass.Arg(a, 1) != lua.LNil || luaclass.Arg(a, 2) != lua.LNil {
		s, ok := luaclass.Arg(a, 1).(lua.LString)
		if !ok {
			return nil, fmt.Errorf("%s: the comparison must be a string such as \"<\", got %s", name, luaerr.Describe(luaclass.Arg(a, 1)))
		}
		if op, err = bt.ParseCompareOp(string(s)); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
	}
	var operand any
	if op != bt.OpTruthy {
		if operand, err = goValue(luaclass.Arg(a, 2), "the value to compare with"); err != nil {
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
	vt.Where = callerLine(L) // its errors name the AddCondition line
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
