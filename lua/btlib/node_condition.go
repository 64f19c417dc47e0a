package btlib

import (
	"errors"

	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

func init() {
	builtin(Class{
		Name: "BTCondition", Base: "BTConditional",
		Doc: "A conditional from a function: succeeds when fn(task) returns true (or BTTaskStatus.Success), fails otherwise. BTCondition:New() makes a class: define OnUpdate in it.",
		Params: []Param{
			{Name: "fn", Type: ArgFunction, Optional: true, Doc: "fun(task): boolean; required when any argument is given"},
		},
		Located: true,
		New:     newCondition,
	})
}

// newCondition is BTCondition:New(fn). fn is required when any argument is
// given (BTCondition:New(nil) is a mistake); without arguments the class
// pattern applies (IsVisible = BTCondition:New(), then IsVisible:OnUpdate),
// and ticking such a task that defines no OnUpdate is an error.
func newCondition(a Args) (bt.Task, error) {
	fn := a.Func("fn")
	if fn == nil && a.Len() > 0 {
		return nil, errors.New("fn must be a function, got nil")
	}
	lib := a.lib
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
	defer lib.st.Leave(lib.st.Enter(t))
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
