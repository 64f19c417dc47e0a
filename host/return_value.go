package host

import (
	"errors"
	"fmt"

	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// ErrFactoryScript is wrapped by LoadFile's error for a script that returns
// a function: a factory, which Spawn starts (errors.Is(err,
// ErrFactoryScript)).
var ErrFactoryScript = errors.New("host: the script returns a factory function (start it with Spawn)")

// notTreeOrTask says what a script returned when it is plainly not a
// behavior tree or a task, for treesOf: a plain table (no metatable), a
// function, or a value that is not a table; where names the return value
// ("return value 2", "factory return value 1"), what names the values
// ("return value" for LoadFile, which gets a hint about factories). It
// returns "" for a table with a metatable, which btlib's TreeOf judges
// (a class, a table of no BT class).
func notTreeOrTask(v lua.LValue, where, what string) string {
	const not = ", not a behavior tree or a task"
	switch x := v.(type) {
	case *lua.LTable:
		if x.Metatable != lua.LNil {
			return ""
		}
		return where + " is a plain table" + not +
			" (make a tree with BTBehaviorTree:New(), or a task with a class's New, e.g. BTWait:New(1))"
	case *lua.LFunction:
		if what == "return value" {
			return where + " is a function" + not +
				"; a script that returns a factory function is started with Host.Spawn (btlua --agents N)"
		}
		return where + " is a function" + not
	}
	return fmt.Sprintf("%s is %s%s", where, luaerr.Describe(v), not)
}
