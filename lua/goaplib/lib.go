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
	// Module is the table require("goap") returns; nil until the
	// module is made (see Install).
	Module *lua.LTable
	// loading is the module being made by Load.
	loading *lua.LTable

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
// (lua/luasrc/goap.lua) fails to load. It is Install and then Load.
func Open(L *lua.LState, bt *btlib.Lib) (*Lib, error) {
	lib := Install(L, bt)
	if _, err := lib.Load(); err != nil {
		return nil, err
	}
	return lib, nil
}

// Install installs the library in L as Open does, but makes the module
// (its classes, and goap.lua's run) at the first require("goap") or Load:
// a state that never plans does not pay for it (a tenth of the Lua
// state's opening; BENCHMARKS.md, "Start-up"). What scripts see is the
// same either way: the preload of "goap" and the task factory
// bt.GoapAgentTask (the global BTGoapAgentTask) are there at once, and
// no agent, and so no GoapAgentTask:New that works, exists before the
// module does. Module is nil until then. A failed load raises its error
// in the require.
func Install(L *lua.LState, bt *btlib.Lib) *Lib {
	lib := &Lib{L: L, BT: bt, st: luaclass.For(L)}
	L.PreloadModule("goap", func(L *lua.LState) int {
		var mod *lua.LTable
		var err error
		lib.st.OnMain(L, func() { mod, err = lib.Load() })
		if err != nil {
			L.RaiseError("%s", err.Error())
		}
		L.Push(mod)
		return 1
	})
	if bt != nil {
		lib.registerTask()
	}
	return lib
}

// Load makes the module require("goap") returns, once (see Install):
// the classes Action, Planner and Agent, then goap.lua's run, which
// adds FSM, in the library's state. It returns the module, or the
// error of goap.lua's run (then the module is not made, and the next
// Load tries again).
func (lib *Lib) Load() (*lua.LTable, error) {
	if lib.Module != nil {
		return lib.Module, nil
	}
	if lib.loading != nil {
		return lib.loading, nil // goap.lua's require("goap"), if it is run without the module
	}
	L := lib.L
	lib.actionHooks, lib.provHooks = actionHooks(), providerHooks()
	lib.loading = L.CreateTable(0, 4)
	defer func() { lib.loading = nil }()
	lib.view = newStateView(lib)
	lib.registerAction()
	lib.registerPlanner()
	lib.registerAgent()
	if err := luasrc.Run(L, "goap.lua", lib.loading); err != nil {
		return nil, err
	}
	lib.Module = lib.loading
	return lib.Module, nil
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
	lib.loading.RawSetString(name, t)
	return t
}
