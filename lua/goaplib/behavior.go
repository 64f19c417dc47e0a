package goaplib

import (
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/stdlib/goap"
	lua "github.com/yuin/gopher-lua"
)

// The runtime hooks a Lua action class may define, called by the Go agent
// (the seed's abstract methods). A class that does not define one inherits
// the base class's Go default, which the luaAction runs without calling
// into Lua.
const (
	hookReset     = iota // Reset(): per-step progress back to the start
	hookIsDone           // IsDone() -> boolean
	hookPerform          // Perform(agent) -> boolean
	hookCheck            // CheckProceduralPrecondition(agent) -> boolean
	hookInterrupt        // CanInterrupt(agent) -> boolean
	numHooks
)

var hookNames = [numHooks]string{"Reset", "IsDone", "Perform", "CheckProceduralPrecondition", "CanInterrupt"}

// checkAlias is the seed's spelling of CheckProceduralPrecondition, used
// when a class defines it and not the corrected name.
const checkAlias = "CheckProcedualPrecondition"

// hook returns the Lua override of hook h, or nil. Lookups are cached
// until the state's epoch changes (luaclass.State.Invalidate).
func (la *luaAction) hook(h int) *lua.LFunction {
	return la.hooks.Get(la.lib.st, la.self, la.lib.actionHooks, h)
}

// actionHooks returns the method set of actions: the base class's
// defaults count as no override, and the seed's spelling of
// CheckProceduralPrecondition is an alias.
func actionHooks() *luaclass.MethodSet {
	set := luaclass.NewMethodSet(hookNames[:]...)
	set.Alias(hookCheck, checkAlias)
	return set
}

// agentValue converts the agent argument of a goap hook (the goap.Agent's
// Owner, always a Lua value for agents made from Lua) to a Lua value.
func agentValue(agent any) lua.LValue {
	if v, ok := agent.(lua.LValue); ok {
		return v
	}
	return lua.LNil
}

// Reset implements goap.Behavior: it clears the done flag, calls the Lua
// Reset, and re-syncs the Lua fields (the agent resets every action before
// each planning round, so name, cost, range and target changes are seen by
// the next plan). A field of the wrong type raises a Lua error.
func (la *luaAction) Reset(*goap.Action) {
	la.done = false
	if fn := la.hook(hookReset); fn != nil {
		la.lib.call(fn, 0, la.self)
	}
	if err := la.sync(); err != nil {
		la.lib.raise("%v", err)
	}
}

// IsDone implements goap.Behavior: the Lua IsDone (which must return a
// boolean), or whether a Perform succeeded since the last Reset.
func (la *luaAction) IsDone(*goap.Action) bool {
	fn := la.hook(hookIsDone)
	if fn == nil {
		return la.done
	}
	done := la.lib.callBool(fn, la.act.Name, "IsDone", la.self)
	la.syncTarget()
	return done
}

// CheckProceduralPrecondition implements goap.Behavior: the Lua
// CheckProceduralPrecondition(agent) (or the seed's spelling
// CheckProcedualPrecondition), true when neither is defined. The hook may
// set self.target; it is synced afterwards.
func (la *luaAction) CheckProceduralPrecondition(_ *goap.Action, agent any) bool {
	fn := la.hook(hookCheck)
	if fn == nil {
		return true
	}
	ok := la.lib.callBool(fn, la.act.Name, "CheckProceduralPrecondition", la.self, agentValue(agent))
	la.syncTarget()
	return ok
}

// Perform implements goap.Behavior: the Lua Perform(agent), true when not
// defined. false aborts the plan; true marks the step done for classes
// without IsDone.
func (la *luaAction) Perform(_ *goap.Action, agent any) bool {
	ok := true
	if fn := la.hook(hookPerform); fn != nil {
		ok = la.lib.callBool(fn, la.act.Name, "Perform", la.self, agentValue(agent))
		la.syncTarget()
	}
	if ok {
		la.done = true
	}
	return ok
}

// CanInterrupt implements goap.Interruptible: the Lua CanInterrupt(agent),
// which must return a boolean; false when not defined (a started step runs
// to completion).
func (la *luaAction) CanInterrupt(_ *goap.Action, agent any) bool {
	fn := la.hook(hookInterrupt)
	if fn == nil {
		return false
	}
	ok := la.lib.callBool(fn, la.act.Name, "CanInterrupt", la.self, agentValue(agent))
	la.syncTarget()
	return ok
}
