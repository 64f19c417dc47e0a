package btlib

import (
	"errors"

	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

func init() {
	builtin(Class{
		Name: "BTActionUniversal", Base: "BTAction",
		Doc: "Calls fn(owner) each tick and returns the BTTaskStatus it returns (the series' BTActionUniversal). BTActionUniversal:New() makes a class: define OnUpdate in it.",
		Params: []Param{
			{Name: "owner", Type: ArgAny, Optional: true, Doc: "the value fn is called with"},
			{Name: "fn", Type: ArgFunction, Optional: true, Doc: "fun(owner): BTStatus; required when owner is given"},
		},
		Usage:   "BTActionUniversal:New(owner, fn)",
		Located: true,
		New: func(a Args) (bt.Task, error) {
			if a.Len() > 0 && !a.Given("fn") {
				return nil, errors.New("(owner, fn): fn is missing")
			}
			return &universalImpl{lib: a.lib, owner: a.Value("owner"), fn: a.Func("fn")}, nil
		},
	})
}

// universalImpl is BTActionUniversal.
type universalImpl struct {
	bt.Action
	lib   *Lib
	owner lua.LValue
	fn    *lua.LFunction
}

func (u *universalImpl) OnUpdate() bt.Status {
	t, _ := u.Self().(*Task)
	if u.fn == nil {
		u.lib.incomplete(t, t.Kind()+" has no function: make it with BTActionUniversal:New(owner, fn), or define OnUpdate in a class derived from it")
	}
	return u.lib.callStatusArg(t, u.fn, u.owner, "the BTActionUniversal function")
}
