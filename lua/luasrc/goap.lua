-- btlua GOAP library: require("goap"). The Go binding (lua/goaplib) makes
-- the classes Action, Planner and Agent; this file adds the stack FSM (plain
-- Lua) and the LuaLS annotations of the whole module.
--
-- Semantics come from the GOAP seed (goap-02: Action, IGoap provider,
-- Planer, FSM, Agent) with its faults fixed in the Go core (stdlib/goap):
-- A* planning that may reuse an action ("MineOre, BuyFood, MineOre"),
-- conditions with operators, numeric effects, goals with priorities,
-- exactly one PlanAborted per abandoned plan, and a planning backoff after
-- failures. Classes follow the behavior-tree classes' style: plain tables,
-- usable as prototypes:
--
--   local goap = require("goap")
--   ChopLog = goap.Action:New{name = "ChopLog", cost = 4,
--       pre = {hasTool = true, hasLogs = false}, effects = {hasLogs = true}}
--   -- or the seed's pattern:
--   GetTool = goap.Action:New()
--   GetTool.name = "GetTool"
--   GetTool:AddPrecondition("hasTool", false)
--   GetTool:AddEffect("hasTool", true)
--   function GetTool:New() local o = {}; setmetatable(o, self); self.__index = self; return o end

local goap = ... or require("goap") -- goaplib.Load runs this file with the module it makes

---A world-state value: booleans, numbers and strings only.
---@alias goap.Value boolean|number|string

---A world state: {hasTool = true, wood = 3, job = "lumberjack"}.
---@alias goap.State table<string, goap.Value>

---One condition: {key, value} (key == value) or {key, op, value} with op
---"==", "~=" (or "!="), "<", "<=", ">", ">=" (ordering needs a number),
---or "exists" with true (the key must be present) or false (absent).
---A key missing from the state reads as false, 0 or "" (the zero of the
---condition value's type): {pos = 0} holds on a state without pos; use
---{"pos", "exists", true} to require it.
---@alias goap.Condition [string, goap.Value] | [string, string, goap.Value]

---Conditions: {key = value, ...} (each key == value; keys are sorted) and/or
---a list {{"wood", ">=", 3}, ...} (in order). All must hold.
---@alias goap.Conditions table

---Effects: {key = value, ...} (set) and/or a list of {key, value} (set) or
---{key, "+", n} / {key, "-", n} (add or subtract; a missing key counts as 0).
---List entries apply in order, then named keys. A key both named and in a
---list entry is an error (a Lua table keeps no order between the two forms).
---@alias goap.Effects table

---A read-only view of the state being planned from, handed to cost and
---priority functions: index it (state.wood); a missing key reads nil. Valid
---only during the call.
---@class goap.StateView
---@field [string] goap.Value?

---Something an agent can do (the seed's Action). Planning uses name, cost,
---preconditions and effects; the agent uses target, range and the hooks.
---Preconditions and effects live in Go: edit them with the methods. A table
---that first becomes an action copies them from its nearest action
---prototype, so conditions added on a class are inherited by its instances.
---
---The agent calls these hooks when the class defines them (see the fields):
---Reset(), IsDone() -> boolean, Perform(agent) -> boolean,
---CheckProceduralPrecondition(agent) -> boolean (the seed's spelling
---CheckProcedualPrecondition works too) and RequiresInRange() -> boolean.
---Hooks must return booleans; anything else is an error naming the hook's
---file:line. Defaults: Reset does nothing, IsDone reports whether a Perform
---succeeded since the last Reset (a one-tick action), Perform and
---CheckProceduralPrecondition return true, RequiresInRange returns the
---requiresInRange field.
---
---Field sync: name, cost, minCost, RequiresInRange/requiresInRange and
---target are read when the action is given to Planner:Plan or Agent:New and
---before each planning round of an agent; target also after every hook, after
---MoveAgent and before every agent tick.
---@class goap.Action
---@field name string identifies the action in plans, traces and errors (required)
---@field cost number|fun(state: goap.StateView, action: goap.Action): number cost in cost units (default 1, the seed's); a function must depend only on the state and return a finite number >= minCost
---@field minCost number? a lower bound of a cost function, used by the planner's heuristic (default 0)
---@field target any what the action acts on (nil or false: none). An action that requires range and has no target is not planned with, and aborts a plan it is part of
---@field requiresInRange boolean? the agent must MoveAgent to the target before Perform (or define RequiresInRange)
---@field New fun(self: goap.Action, spec: goap.ActionSpec?): goap.Action makes an action, or a class to derive from: Class:New() or Class:New{name = "ChopLog", cost = 4, pre = {...}, effects = {...}}; the result's metatable is Class (Class.__index = Class)
---@field AddPrecondition fun(self: goap.Action, key: string, op_or_value: string|goap.Value, value: goap.Value?) AddPrecondition(key, value) (key == value) or AddPrecondition(key, op, value); several on one key must all hold
---@field AddEffect fun(self: goap.Action, key: string, op_or_value: string|goap.Value, value: goap.Value?) AddEffect(key, value) sets; AddEffect(key, "+", n) / AddEffect(key, "-", n) add and subtract; effects apply in order
---@field RemovePrecondition fun(self: goap.Action, key: string) removes every precondition on key
---@field RemoveEffect fun(self: goap.Action, key: string) removes every effect on key
---@field GetPreconditions fun(self: goap.Action): goap.Condition[] a new list of {key, op, value}
---@field GetEffects fun(self: goap.Action): table[] a new list of {key, op, value}, op "=", "+" or "-"
---@field IsInRange fun(self: goap.Action): boolean whether the agent reached the target for the current step (set when MoveAgent returns true, cleared by Reset)
---@field SetInRange fun(self: goap.Action, inRange: boolean)
---@field Reset fun(self: goap.Action) hook: clear per-step progress (before each planning round and when a step completes)
---@field IsDone fun(self: goap.Action): boolean hook: whether the current step has completed
---@field Perform fun(self: goap.Action, agent: any): boolean hook: one tick of the step; false aborts the plan
---@field CheckProceduralPrecondition fun(self: goap.Action, agent: any): boolean hook: whether the action can be planned with now; may set self.target
---@field CheckProcedualPrecondition fun(self: goap.Action, agent: any): boolean? hook: the seed's spelling of CheckProceduralPrecondition
---@field CanInterrupt fun(self: goap.Action, agent: any): boolean hook: whether the started step may be ended now by a higher-priority goal (default false: it runs to completion)
---@field RequiresInRange fun(self: goap.Action): boolean hook: the seed's method form of requiresInRange
local Action = goap.Action

---The spec of Action:New.
---@class goap.ActionSpec
---@field name string?
---@field cost (number|fun(state: goap.StateView, action: goap.Action): number)?
---@field pre goap.Conditions? preconditions (alias: preconditions)
---@field effects goap.Effects?
---@field [string] any any other field is copied into the new action

---Cheapest-plan A* search (replaces the seed's exhaustive Planer).
---@class goap.Planner
---@field New fun(self: goap.Planner, opts: goap.PlannerOptions?): goap.Planner
---@field Plan fun(self: goap.Planner, start: goap.State, goal: goap.Conditions, actions: goap.Action[]): (goap.Action[]?, goap.PlanInfo|goap.PlanErr) plans with the actions as given (no Reset, no CheckProceduralPrecondition); returns the plan (a list of the action tables, possibly repeating one; empty when the goal already holds) and a goap.PlanInfo, or nil and a goap.PlanErr; bad input raises an error naming the value
---@field PlanGoals fun(self: goap.Planner, start: goap.State, goals: goap.Goal[], actions: goap.Action[]): (goap.Action[]?, goap.PlanInfo|goap.PlanErr) plans for the highest-priority unmet achievable goal, as the agent does (info.goal names it); nil, err for the highest-priority failure (a budget failure first)
---@field Explain fun(self: goap.Planner): string the planner's account of the last Plan call ("" before the first)
local Planner = goap.Planner

---@class goap.PlanInfo
---@field cost number total cost of the plan
---@field satisfied boolean the goal already held (empty plan)
---@field expanded integer nodes expanded by the search
---@field visited integer distinct states generated
---@field goal string? PlanGoals only: the name of the goal planned for

---@class goap.PlanErr
---@field kind "noplan"|"budget" unreachable, or a budget ran out
---@field reason string what went wrong, e.g. "node budget of 3 expansions reached"
---@field limit "nodes"|"time"|"bytes"|nil the budget that ran out
---@field message string the whole error text
---@field expanded integer nodes expanded before the failure
---@field visited integer distinct states generated before the failure

---@class goap.PlannerOptions
---@field maxNodes integer? node budget per Plan call, in expansions (0 or nil: the default, 100000; negative: an error); exceeding it fails with "budget", never a partial plan
---@field trace boolean? record every expansion for Explain (slower)
---@field traceLimit integer? cap on trace lines (default 500)
---@field disableHeuristic boolean? uniform-cost search (h = 0)
---@field maxBytes integer? memory budget in bytes (default 64 MiB); exceeding it fails with "budget", limit "bytes"
---@field maxTimeMs integer? time budget in milliseconds (default 1000); exceeding it fails with "budget", limit "time"
---@field weight number? a finite number >= 1 (default 1: optimal A*); above 1 weighted A*: faster, cost <= weight * optimal

---A goal returned by a provider's Goals(): higher priority first, ties in
---list order. A bare conditions table (no conditions field) is a goal with
---priority 0.
---@class goap.Goal
---@field name string?
---@field priority (number|fun(state: goap.StateView, goal: goap.Goal): number)? default 0 (NaN: an error); a function is evaluated at each planning round (a NaN result ranks lowest)
---@field conditions goap.Conditions

---What an agent plans and acts through (the seed's IGoap). Only
---GetWorldState (or GetState) and Goals (or CreateGoalState) are required;
---MoveAgent is required when an action needs range.
---@class goap.Provider
---@field GetWorldState fun(self: goap.Provider): goap.State read at each planning round (alias GetState)
---@field Goals (fun(self: goap.Provider): goap.Goal[])? candidate goals, read at each planning round
---@field CreateGoalState (fun(self: goap.Provider): goap.Conditions)? the seed's single goal (priority 0, named "CreateGoalState" in errors and traces), used when Goals is missing
---@field PlanFailed fun(self: goap.Provider, goal: table, message: string)? no plan for goal (one call per failed goal); without it, a BTGoapAgentTask that fails for want of a plan is warned of on the host's Logger (btlua: on stderr)
---@field PlanFound fun(self: goap.Provider, goal: table, plan: goap.Action[], cost: number)? the plan about to be executed
---@field ActionsFinished fun(self: goap.Provider)? every action of the plan completed
---@field PlanAborted fun(self: goap.Provider, action: goap.Action)? the plan was abandoned because of action (exactly once per plan)
---@field MoveAgent fun(self: goap.Provider, action: goap.Action): boolean move one tick towards action.target; true once in range
---@field PlanInterrupted fun(self: goap.Provider, goal: table, byGoal: table)? the plan for goal was ended at a safe point because byGoal's priority rose above it

---One character's planning and acting loop: Idle (plan) -> PerformAction
---<-> MoveTo, one state per Update (tick). Idle reads the state and goals,
---resets every action, keeps those whose CheckProceduralPrecondition is true
---(and that have a target if they need range), and plans for the unmet goals
---by priority; the first plan found is reported with PlanFound and executed.
---If every goal fails it skips 2, 4, ... (up to 64) ticks before planning
---again. PerformAction pops done actions (IsDone), pushes MoveTo when the
---action needs range and is not in range, else calls Perform; a false
---Perform or a lost target calls PlanAborted once and goes Idle. MoveTo
---calls MoveAgent each tick until it returns true.
---
---Interrupts: while a plan runs, every priorityCheckTicks ticks (default 10)
---and on the tick after WorldChanged(), the agent re-reads the state and the
---goals; an unmet goal whose priority is now strictly above the running
---goal's (one that failed to plan when the running goal was chosen must have
---risen above its priority then) ends the plan at the next safe point:
---between two actions (the current one done, the next not yet started), or
---inside a started action on a tick its CanInterrupt(agent) returns true
---(default false). The interrupted action is Reset, the provider's
---PlanInterrupted(goal, byGoal) is called, and the agent plans again on the
---next tick.
---@class goap.Agent
---@field provider goap.Provider
---@field owner any passed to CheckProceduralPrecondition and Perform as agent
---@field New fun(self: goap.Agent, provider: goap.Provider, actions: goap.Action[], opts: goap.AgentOptions?): goap.Agent give each agent its own action tables
---@field Update fun(self: goap.Agent) one tick
---@field StateName fun(self: goap.Agent): string "Idle", "MoveTo" or "PerformAction": the state the next Update runs
---@field CurrentAction fun(self: goap.Agent): goap.Action? the action being moved to or performed
---@field Plan fun(self: goap.Agent): (goap.Action[]?, number?) the plan being executed (all its actions) and its cost, or nil when idle
---@field Remaining fun(self: goap.Agent): goap.Action[] the actions of the plan not yet completed, current first
---@field Goal fun(self: goap.Agent): table? the goal table of the current plan, as the provider returned it
---@field Replan fun(self: goap.Agent) drop the plan without calling the provider; plan on the next Update (no backoff)
---@field WorldChanged fun(self: goap.Agent) the state or blackboard the priorities read changed: re-read them on the next tick (and end an idle backoff)
---@field Interrupting fun(self: goap.Agent): table? the goal table that will end the plan at the next safe point, or nil
---@field BackoffTicks fun(self: goap.Agent): integer ticks Idle will still skip before planning
---@field AddAction fun(self: goap.Agent, action: goap.Action)
---@field RemoveAction fun(self: goap.Agent, action: goap.Action)
local Agent = goap.Agent

---@class goap.AgentOptions
---@field owner any? the hooks' agent argument (default: the provider)
---@field maxNodes integer? planner node budget per planning round, in expansions (0 or nil: the default, 100000; negative: an error)
---@field backoffInitial integer? ticks skipped after the first failed round (default 2; negative: no backoff)
---@field backoffMax integer? cap of the doubling backoff, in ticks (default 64)
---@field priorityCheckTicks integer? how often, in ticks of a running plan, goal priorities are re-read for interrupts (default 10; negative: only after WorldChanged)

---A behavior-tree task running a GOAP agent, one agent tick per tree tick:
---BTGoapAgentTask:New(agent, name?) (also bt.GoapAgentTask). A run is one
---plan: Success when ActionsFinished fires (or every goal already holds),
---Failure when PlanAborted fires or planning fails for every goal, Running
---otherwise (moving, performing, backing off). Ending the task early drops
---the plan under way. The task's fields: agent, name (default "GoapAgent").
---@class BTGoapAgentTask
---@field New fun(self: BTGoapAgentTask, agent: goap.Agent, name: string?): BTAction
BTGoapAgentTask = BTGoapAgentTask

-- goap.FSM ---------------------------------------------------------------

local function describe(v)
    local t = type(v)
    if t == "string" then return string.format("%q (a string)", v) end
    if t == "number" or t == "boolean" then return tostring(v) .. " (a " .. t .. ")" end
    if t == "nil" then return "nil" end
    return "a " .. t
end

---A state of goap.FSM: a function(fsm, owner), or a table with an Update
---method and optional Enter, Exit and name.
---@alias goap.FSMState fun(fsm: goap.FSM, owner: any)|{Update: fun(self: table, fsm: goap.FSM, owner: any), Enter: fun(self: table, owner: any)?, Exit: fun(self: table, owner: any)?, name: string?}

---A stack finite state machine (the seed's FSM, as in stdlib/fsm): the state
---on top of the stack is active; pushing suspends the one below, popping
---resumes it. A state is a function(fsm, owner) (the seed's delegate) or a
---table with an Update(fsm, owner) method and optional Enter(owner),
---Exit(owner) and name. Update on an empty stack and PopState on an empty
---stack do nothing (the seed threw).
---@class goap.FSM
---@field owner any the owner passed to Enter/Exit: New's argument, then each Update's
local FSM = {}
FSM.__index = FSM
goap.FSM = FSM

-- Each machine keeps its own stack, also when made with the seed's
-- setmetatable(o, self) pattern (no stack field of its own yet).
local function stackOf(fsm)
    local s = rawget(fsm, "stack")
    if s == nil then
        s = {}
        rawset(fsm, "stack", s)
    end
    return s
end

local function enter(fsm, s)
    if type(s) == "table" and s.Enter ~= nil then s:Enter(fsm.owner) end
end

local function exit(fsm, s)
    if type(s) == "table" and s.Exit ~= nil then s:Exit(fsm.owner) end
end

---@param owner any? passed to Enter/Exit until the first Update
---@return goap.FSM
function FSM:New(owner)
    local o = {stack = {}, owner = owner}
    setmetatable(o, self)
    self.__index = self
    return o
end

---Pushes s and calls its Enter. nil is ignored.
---@param s goap.FSMState?
function FSM:PushState(s)
    if s == nil then return end
    local t = type(s)
    if t ~= "function" and not (t == "table" and type(s.Update) == "function") then
        error("goap.FSM:PushState: a state must be a function(fsm, owner) or a table with an Update method, got " .. describe(s), 2)
    end
    local stack = stackOf(self)
    stack[#stack + 1] = s
    enter(self, s)
end

---Pops the top state, calls its Exit and returns it (nil when empty).
---@return goap.FSMState?
function FSM:PopState()
    local stack = stackOf(self)
    local n = #stack
    if n == 0 then return nil end
    local s = stack[n]
    stack[n] = nil
    exit(self, s)
    return s
end

---Pops the top state (if any) and pushes s: a transition that does not grow
---the stack. Returns the popped state.
---@param s goap.FSMState
---@return goap.FSMState?
function FSM:ReplaceState(s)
    local t = type(s)
    if t ~= "function" and not (t == "table" and type(s.Update) == "function") then
        error("goap.FSM:ReplaceState: a state must be a function(fsm, owner) or a table with an Update method, got " .. describe(s), 2)
    end
    local old = self:PopState()
    self:PushState(s)
    return old
end

---Pops every state, top first, calling each Exit.
function FSM:Clear()
    while self:PopState() ~= nil do end
end

---The active state, or nil.
---@return goap.FSMState?
function FSM:Top()
    local stack = stackOf(self)
    return stack[#stack]
end

---The number of states on the stack.
---@return integer
function FSM:Len()
    return #stackOf(self)
end

---The name field of the active state, or "" (function states, empty stack).
---@return string
function FSM:StateName()
    local s = self:Top()
    if type(s) == "table" and type(s.name) == "string" then return s.name end
    return ""
end

---One tick: records owner and runs the state on top when Update starts (it
---may push, pop or replace states; the new top runs next Update). Returns
---false on an empty stack.
---@param owner any?
---@return boolean
function FSM:Update(owner)
    self.owner = owner
    local s = self:Top()
    if s == nil then return false end
    if type(s) == "function" then
        s(self, owner)
    else
        s:Update(self, owner)
    end
    return true
end

return goap
