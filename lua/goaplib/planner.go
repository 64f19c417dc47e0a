package goaplib

import (
	"errors"
	"fmt"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"
	"time"

	"github.com/btlua/btlua/stdlib/goap"
	lua "github.com/yuin/gopher-lua"
)

// luaPlanner is the Go side of a goap.Planner table: a *goap.Planner plus
// the buffers that Lua arguments are converted into, reused between Plan
// calls.
type luaPlanner struct {
	p       *goap.Planner
	start   stateBuf
	goal    goap.Goal
	acts    []*goap.Action
	scratch []string
	goals   *provider // goal slots for PlanGoals (no provider methods)
}

// registerPlanner creates the goap.Planner class.
func (lib *Lib) registerPlanner() {
	lib.plannerClass = lib.class("Planner", map[string]lua.LGFunction{
		"New":       lib.plannerNew,
		"Plan":      lib.plannerPlan,
		"PlanGoals": lib.plannerPlanGoals,
		"Explain":   lib.plannerExplain,
	})
}

// plannerNew is goap.Planner:New(opts?) with opts {maxNodes = n (node
// budget in expansions per Plan call, 0 or nil: goap.DefaultMaxNodes;
// negative: an error), trace = bool (record every
// expansion for Explain), traceLimit = n, disableHeuristic = bool, maxBytes
// = n (memory budget, 0: goap.DefaultMaxBytes), maxTimeMs = n (time budget
// in milliseconds, 0: goap.DefaultMaxTime), weight = w, a finite number >=
// 1 (weighted A*: cost <= w * optimal; NaN, infinities and math.huge are
// errors)}.
func (lib *Lib) plannerNew(L *lua.LState) int {
	cls, ok := L.Get(1).(*lua.LTable)
	if ok {
		cls = lib.st.Unseal(cls) // a sandbox's proxy of a class
	}
	if !ok || !luaclass.Derives(cls, lib.plannerClass) {
		lib.raise("Planner:New: self must be goap.Planner or a class derived from it (call it with a colon), got %s", luaerr.Describe(L.Get(1)))
	}
	if cls.RawGetString("__index") == lua.LNil {
		cls.RawSetString("__index", cls)
	}
	p := &goap.Planner{}
	if v := L.Get(2); v != lua.LNil {
		opts, ok := v.(*lua.LTable)
		if !ok {
			lib.raise("Planner:New(opts): opts must be a table, got %s", luaerr.Describe(v))
		}
		p.MaxNodes = lib.optInt(opts, "maxNodes", "Planner:New")
		p.TraceLimit = lib.optInt(opts, "traceLimit", "Planner:New")
		p.Trace = lua.LVAsBool(opts.RawGetString("trace"))
		p.DisableHeuristic = lua.LVAsBool(opts.RawGetString("disableHeuristic"))
		p.MaxBytes = int64(lib.optInt(opts, "maxBytes", "Planner:New"))
		p.MaxTime = time.Duration(lib.optInt(opts, "maxTimeMs", "Planner:New")) * time.Millisecond
		switch w := opts.RawGetString("weight").(type) {
		case *lua.LNilType:
		case lua.LNumber:
			if !(w >= 1) || !luaerr.Finite(float64(w)) {
				lib.raise("Planner:New: weight must be a finite number >= 1, got %s", luaerr.Describe(w))
			}
			p.Weight = float64(w)
		default:
			lib.raise("Planner:New: weight must be a finite number >= 1, got %s", luaerr.Describe(w))
		}
	}
	o := L.NewTable()
	o.Metatable = cls
	lib.setNode(o, &luaPlanner{p: p})
	L.Push(o)
	return 1
}

// optInt reads an optional non-negative integer field of an options table.
func (lib *Lib) optInt(opts *lua.LTable, key, what string) int {
	switch v := opts.RawGetString(key).(type) {
	case *lua.LNilType:
		return 0
	case lua.LNumber:
		if v >= 0 && v == lua.LNumber(int(v)) {
			return int(v)
		}
	}
	lib.raise("%s: %s must be a whole number >= 0, got %s", what, key, luaerr.Describe(opts.RawGetString(key)))
	return 0
}

// plannerOf returns the Go side of a planner table; a table derived from
// goap.Planner by the seed's pattern gets a default planner on first use.
func (lib *Lib) plannerOf(L *lua.LState, method string) *luaPlanner {
	tbl, ok := L.Get(1).(*lua.LTable)
	if ok {
		tbl = lib.st.Unseal(tbl) // a sandbox's proxy of goap.Planner is the class
		if lp, ok := nodeOf(tbl).(*luaPlanner); ok {
			return lp
		}
		if tbl != lib.plannerClass && luaclass.Derives(tbl, lib.plannerClass) {
			lp := &luaPlanner{p: &goap.Planner{}}
			lib.setNode(tbl, lp)
			return lp
		}
	}
	lib.raise("Planner:%s: self must be a planner made with goap.Planner:New() (call it with a colon), got %s", method, luaerr.Describe(L.Get(1)))
	return nil
}

// plannerPlan is planner:Plan(start, goal, actions).
//
//   - start: the world state, a table {key = value} (values booleans,
//     numbers or strings).
//   - goal: the conditions to reach: {key = value} and/or a list of
//     {key, op, value} (see parseConditions).
//   - actions: a list of action tables. They are used as given: unlike the
//     agent, Plan does not call Reset or CheckProceduralPrecondition.
//
// It returns plan, info: the plan is a list of the action tables in
// execution order (an action may appear more than once; empty when the goal
// already holds) and info is {cost = n, satisfied = bool (the goal already
// held), expanded = n, visited = n}. When no plan exists it returns nil,
// err with err = {kind = "noplan" | "budget", reason = what went wrong,
// limit = "nodes" | "time" | "bytes" (budget only), message = the whole
// error text, expanded = n, visited = n}. Malformed input (a non-table
// state or goal, a bad value or operator, a non-action, an action without
// a name, a negative cost) also returns nil, err, with kind = "invalid",
// reason naming the offending value and message prefixed with the calling
// "file:line: " (error(err.message, 0) raises it there). Calling Plan
// without a planner as self still raises.
func (lib *Lib) plannerPlan(L *lua.LState) int {
	lp := lib.plannerOf(L, "Plan")
	ws, err := lp.start.fill(L.Get(2), "Planner:Plan: start state")
	if err != nil {
		return lib.pushInvalid(L, err.Error())
	}
	lp.goal = goap.Goal{Conditions: lp.goal.Conditions[:0]}
	lp.goal.Conditions, err = parseConditions(lp.goal.Conditions, L.Get(3), "Planner:Plan: goal", &lp.scratch)
	if err != nil {
		return lib.pushInvalid(L, err.Error())
	}
	if msg := lib.fillActions(L, lp, 4, "Plan"); msg != "" {
		return lib.pushInvalid(L, msg)
	}
	plan, err := lp.p.Plan(ws, &lp.goal, lp.acts)
	return lib.pushResult(L, plan, err, nil)
}

// plannerPlanGoals is planner:PlanGoals(start, goals, actions): goals is a
// list of goals in the agent's form ({name = s, priority = n or
// function(state, goal), conditions = {...}} or a bare conditions table).
// It plans for the highest-priority unmet achievable goal (see
// goap.Planner.PlanGoals) and returns plan, info as Plan does, with
// info.goal the chosen goal's name (nil when every goal holds or the goal
// has no name), or nil, err for the highest-priority failure.
func (lib *Lib) plannerPlanGoals(L *lua.LState) int {
	lp := lib.plannerOf(L, "PlanGoals")
	ws, err := lp.start.fill(L.Get(2), "Planner:PlanGoals: start state")
	if err != nil {
		return lib.pushInvalid(L, err.Error())
	}
	list, ok := L.Get(3).(*lua.LTable)
	if !ok {
		return lib.pushInvalid(L, "Planner:PlanGoals: goals must be a list of goals, got "+luaerr.Describe(L.Get(3)))
	}
	if lp.goals == nil {
		lp.goals = &provider{lib: lib}
	}
	var goals []*goap.Goal
	for i, n := 1, list.Len(); i <= n; i++ {
		s := lp.goals.slot(i - 1)
		if err := s.parse(list.RawGetInt(i), i); err != nil {
			return lib.pushInvalid(L, "Planner:PlanGoals: "+err.Error())
		}
		goals = append(goals, &s.goal)
	}
	if msg := lib.fillActions(L, lp, 4, "PlanGoals"); msg != "" {
		return lib.pushInvalid(L, msg)
	}
	plan, err := lp.p.PlanGoals(ws, goals, lp.acts)
	return lib.pushResult(L, plan, err, plan.Goal)
}

// fillActions converts the action list at stack index i into lp.acts; it
// returns a message for a malformed list, or "".
func (lib *Lib) fillActions(L *lua.LState, lp *luaPlanner, i int, method string) string {
	list, ok := L.Get(i).(*lua.LTable)
	if !ok {
		return fmt.Sprintf("Planner:%s: actions must be a list of actions, got %s", method, luaerr.Describe(L.Get(i)))
	}
	clear(lp.acts)
	lp.acts = lp.acts[:0]
	for i, n := 1, list.Len(); i <= n; i++ {
		la, err := lib.actionOf(list.RawGetInt(i), "")
		if err == nil {
			err = la.sync()
		}
		if err != nil {
			return fmt.Sprintf("Planner:%s: actions[%d]: %v", method, i, trimWhat(err))
		}
		lp.acts = append(lp.acts, la.act)
	}
	return ""
}

// pushInvalid pushes nil, err with err.kind "invalid" for malformed input:
// err.reason is msg, err.message is "file:line: goap: " + msg (the calling
// line), expanded and visited are 0.
func (lib *Lib) pushInvalid(L *lua.LState, msg string) int {
	e := L.CreateTable(0, 5)
	e.RawSetString("kind", lua.LString("invalid"))
	e.RawSetString("reason", lua.LString(msg))
	where := L.Where(1)
	if where != "" {
		where += " "
	}
	e.RawSetString("message", lua.LString(where+"goap: "+msg))
	e.RawSetString("expanded", lua.LNumber(0))
	e.RawSetString("visited", lua.LNumber(0))
	L.Push(lua.LNil)
	L.Push(e)
	return 2
}

// pushResult pushes plan, info or nil, err (see plannerPlan); with
// withGoal set (PlanGoals) info also gets the goal's name.
func (lib *Lib) pushResult(L *lua.LState, plan goap.Plan, err error, withGoal *goap.Goal) int {
	if err != nil {
		kind := "noplan"
		switch {
		case errors.Is(err, goap.ErrBudget):
			kind = "budget"
		case errors.Is(err, goap.ErrInvalid):
			var pe *goap.PlanError
			if errors.As(err, &pe) {
				return lib.pushInvalid(L, pe.Detail)
			}
			return lib.pushInvalid(L, err.Error())
		case !errors.Is(err, goap.ErrNoPlan):
			L.RaiseError("%v", err) // ErrReplay: a planner fault
		}
		e := L.CreateTable(0, 6)
		e.RawSetString("kind", lua.LString(kind))
		e.RawSetString("message", lua.LString(err.Error()))
		var pe *goap.PlanError
		if errors.As(err, &pe) {
			e.RawSetString("reason", lua.LString(pe.Detail))
			if pe.Limit != "" {
				e.RawSetString("limit", lua.LString(pe.Limit))
			}
		}
		e.RawSetString("expanded", lua.LNumber(plan.Expanded))
		e.RawSetString("visited", lua.LNumber(plan.Visited))
		L.Push(lua.LNil)
		L.Push(e)
		return 2
	}
	info := L.CreateTable(0, 5)
	info.RawSetString("cost", lua.LNumber(plan.Cost))
	info.RawSetString("satisfied", lua.LBool(plan.Satisfied))
	info.RawSetString("expanded", lua.LNumber(plan.Expanded))
	info.RawSetString("visited", lua.LNumber(plan.Visited))
	if withGoal != nil && withGoal.Name != "" {
		info.RawSetString("goal", lua.LString(withGoal.Name))
	}
	L.Push(lib.planTable(plan))
	L.Push(info)
	return 2
}

// planTable returns the plan's actions as a new list of action tables.
func (lib *Lib) planTable(plan goap.Plan) *lua.LTable {
	t := lib.L.CreateTable(len(plan.Actions), 0)
	for _, a := range plan.Actions {
		t.Append(selfOf(a))
	}
	return t
}

// trimWhat drops the ": " prefix that actionOf puts on errors when called
// with an empty what.
func trimWhat(err error) string {
	s := err.Error()
	if len(s) > 2 && s[:2] == ": " {
		return s[2:]
	}
	return s
}

// plannerExplain is planner:Explain(): the Go planner's account of the last
// Plan call (goal, start, actions, heuristic, result with per-step costs,
// search counters; with trace = true every expansion), "" before the first.
func (lib *Lib) plannerExplain(L *lua.LState) int {
	L.Push(lua.LString(lib.plannerOf(L, "Explain").p.Explain()))
	return 1
}

// Planner returns the *goap.Planner behind a Lua planner table.
func (lib *Lib) Planner(v lua.LValue) (*goap.Planner, error) {
	if tbl, ok := v.(*lua.LTable); ok {
		if lp, ok := nodeOf(tbl).(*luaPlanner); ok {
			return lp.p, nil
		}
	}
	return nil, fmt.Errorf("goap: want a planner made with goap.Planner:New(), got %s", luaerr.Describe(v))
}
