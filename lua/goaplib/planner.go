package goaplib

import (
	"errors"
	"fmt"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"

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
}

// registerPlanner creates the goap.Planner class.
func (lib *Lib) registerPlanner() {
	lib.plannerClass = lib.class("Planner", map[string]lua.LGFunction{
		"New":     lib.plannerNew,
		"Plan":    lib.plannerPlan,
		"Explain": lib.plannerExplain,
	})
}

// plannerNew is goap.Planner:New(opts?) with opts {maxNodes = n (node
// budget, 0 or nil: goap.DefaultMaxNodes), trace = bool (record every
// expansion for Explain), traceLimit = n, disableHeuristic = bool}.
func (lib *Lib) plannerNew(L *lua.LState) int {
	cls, ok := L.Get(1).(*lua.LTable)
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
// It returns the plan, a list of the action tables in execution order (an
// action may appear more than once; empty when the goal already holds),
// and its cost. When no plan exists it returns nil, the error message, and
// "noplan" or "budget" (the node budget ran out). Malformed input (a
// non-table state or goal, a bad value or operator, a non-action, an
// action without a name, a negative cost) raises an error at the caller's
// line naming the offending value.
func (lib *Lib) plannerPlan(L *lua.LState) int {
	lp := lib.plannerOf(L, "Plan")
	ws, err := lp.start.fill(L.Get(2), "Planner:Plan: start state")
	if err != nil {
		lib.raise("%v", err)
	}
	lp.goal.Conditions, err = parseConditions(lp.goal.Conditions[:0], L.Get(3), "Planner:Plan: goal", &lp.scratch)
	if err != nil {
		lib.raise("%v", err)
	}
	list, ok := L.Get(4).(*lua.LTable)
	if !ok {
		lib.raise("Planner:Plan: actions must be a list of actions, got %s", luaerr.Describe(L.Get(4)))
	}
	clear(lp.acts)
	lp.acts = lp.acts[:0]
	for i, n := 1, list.Len(); i <= n; i++ {
		la, err := lib.actionOf(list.RawGetInt(i), "")
		if err == nil {
			err = la.sync()
		}
		if err != nil {
			lib.raise("Planner:Plan: actions[%d]: %v", i, trimWhat(err))
		}
		lp.acts = append(lp.acts, la.act)
	}
	plan, err := lp.p.Plan(ws, &lp.goal, lp.acts)
	if err != nil {
		kind := "noplan"
		switch {
		case errors.Is(err, goap.ErrBudget):
			kind = "budget"
		case !errors.Is(err, goap.ErrNoPlan):
			L.RaiseError("%v", err) // ErrInvalid, ErrReplay: bad input
		}
		L.Push(lua.LNil)
		L.Push(lua.LString(err.Error()))
		L.Push(lua.LString(kind))
		return 3
	}
	L.Push(lib.planTable(plan))
	L.Push(lua.LNumber(plan.Cost))
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
