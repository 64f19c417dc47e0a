// Package goaplib binds the GOAP planner, agent and stack FSM (stdlib/goap,
// stdlib/fsm) to a gopher-lua state, in the class style of the behavior-tree
// binding (lua/btlib): every class a script sees is a plain Lua table that
// also works as a prototype, so both
//
//	ChopLog = goap.Action:New{name = "ChopLog", cost = 4, pre = {hasTool = true}, effects = {hasLogs = true}}
//
// and the seed's pattern
//
//	GetTool = goap.Action:New()
//	function GetTool:New() local o = {}; setmetatable(o, self); self.__index = self; return o end
//
// work. Scripts reach it with require("goap"), which returns the module
// table with the classes Action, Planner, Agent and FSM; the behavior-tree
// task that runs an agent inside a tree is bt.GoapAgentTask (also the global
// BTGoapAgentTask). The Lua API is documented, with LuaLS annotations, in
// lua/luasrc/goap.lua.
//
// Semantics come from the GOAP seed (goap-02: a C# Action with
// preconditions, effects, cost, target, inRange and the runtime hooks
// Reset, IsDone, CheckProcedualPrecondition, Perform and RequiresInRange;
// an IGoap data provider; a Planer; a stack FSM; an Agent going Idle ->
// PerformAction <-> MoveTo) with the faults fixed in stdlib/goap: A*
// planning with action reuse, typed values, conditions with operators,
// goals with priorities, exactly one PlanAborted per abandoned plan,
// planning backoff after failures.
//
// Each Lua action table is backed by a *goap.Action whose Behavior calls the
// table's Lua hooks. Hook lookups are cached per action and provider and
// dropped when the state's epoch changes (luaclass.State.Invalidate), which is how
// hot reload makes running agents pick up new methods.
//
// Errors: Go functions called from Lua raise Lua errors naming the caller's
// file:line and the offending value; a hook that returns the wrong type
// raises an error naming the hook's own file:line. Hooks are called
// unprotected (L.Call), so an error inside one propagates to the nearest
// protected call: the host's tree tick, or the script's top level.
//
// Units: costs (Action.cost, plan costs) and goal priorities are plain
// numbers in cost units, as in stdlib/goap; the agent counts time in ticks
// (one agent:Update call, one tree tick for the task), e.g. its planning
// backoff of 2, 4, ... up to 64 ticks after failed planning rounds.
//
// A Lib belongs to one *lua.LState and is not safe for concurrent use.
package goaplib
