package goaplib

import (
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luasrc"
	lua "github.com/yuin/gopher-lua"
)

// Lib is the GOAP library installed in one Lua state.
type Lib struct {
	// L is the state the library lives in.
	L *lua.LState
	// BT is the behavior-tree library the agent task is made with (nil:
	// no bt.GoapAgentTask / BTGoapAgentTask).
	BT *btlib.Lib
	// Module is the table require("goap") returns.
	Module *lua.LTable

	st *luaclass.State

	actionClass  *lua.LTable
	plannerClass *lua.LTable
	agentClass   *lua.LTable
	taskFactory  *lua.LTable

	// actionHooks are the runtime hooks of actions, with the base class's
	// default hook functions: a class that does not override a hook
	// inherits one of these, and the Go side then runs the default
	// without calling into Lua. provHooks are the provider's methods.
	actionHooks, provHooks *luaclass.MethodSet
	// defRange is the base RequiresInRange method.
	defRange *lua.LFunction

	view *stateView
	// warnings are the PlanWarnings not yet taken (TakeWarnings).
	warnings []PlanWarning
}

// Open installs the library in L: the module "goap" (preloaded for
// require, with the classes Action, Planner, Agent and FSM) and, when bt is
// not nil, the behavior-tree task bt.GoapAgentTask, also bound to the global
// BTGoapAgentTask. It returns an error when the embedded Lua part
// (lua/luasrc/goap.lua) fails to load.
func Open(L *lua.LState, bt *btlib.Lib) (*Lib, error) {
	lib := &Lib{L: L, BT: bt, Module: L.NewTable(), st: luaclass.For(L),
		actionHooks: actionHooks(), provHooks: providerHooks()}
	lib.view = newStateView(lib)
	lib.registerAction()
	lib.registerPlanner()
	lib.registerAgent()
	mod := lib.Module
	L.PreloadModule("goap", func(L *lua.LState) int {
		L.Push(mod)
		return 1
	})
	if bt != nil {
		lib.registerTask()
	}
	if err := luasrc.Run(L, "goap.lua"); err != nil {
		return nil, err
	}
	return lib, nil
}

// Invalidate drops every cached hook lookup of every binding in the Lua
// state (actions, providers, tasks: one epoch, luaclass.State.Invalidate),
// so the next call of each hook looks it up again in the class tables. Hot
// reload's luaclass.Merge does it after merging new methods into classes
// in place.
func (lib *Lib) Invalidate() { lib.st.Invalidate() }

// class returns a new class table named name in the module: a table whose
// __index is itself, so Class:New() and setmetatable(o, Class) both work.
func (lib *Lib) class(name string, methods map[string]lua.LGFunction) *lua.LTable {
	t := lib.L.NewTable()
	t.RawSetString("__index", t)
	for n, fn := range methods {
		t.RawSetString(n, lib.L.NewFunction(fn))
	}
	lib.Module.RawSetString(name, t)
	return t
}
