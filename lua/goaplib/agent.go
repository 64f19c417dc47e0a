package goaplib

import (
	"fmt"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"

	"github.com/btlua/btlua/stdlib/goap"
	lua "github.com/yuin/gopher-lua"
)

// luaAgent is the Go side of a goap.Agent table: a *goap.Agent planning
// and acting through a Lua provider with Lua actions.
type luaAgent struct {
	ag   *goap.Agent
	prov *provider
	self *lua.LTable
}

// registerAgent creates the goap.Agent class.
func (lib *Lib) registerAgent() {
	lib.agentClass = lib.class("Agent", map[string]lua.LGFunction{
		"New":    lib.agentNew,
		"Update": func(L *lua.LState) int { lib.checkAgent(L, "Update").update(); return 0 },
		"StateName": func(L *lua.LState) int {
			L.Push(lua.LString(lib.checkAgent(L, "StateName").ag.StateName()))
			return 1
		},
		"CurrentAction": func(L *lua.LState) int {
			a := lib.checkAgent(L, "CurrentAction").ag.CurrentAction()
			if a == nil {
				L.Push(lua.LNil)
			} else {
				L.Push(selfOf(a))
			}
			return 1
		},
		"Plan": func(L *lua.LState) int {
			la := lib.checkAgent(L, "Plan")
			if la.ag.Goal() == nil {
				L.Push(lua.LNil)
				return 1
			}
			plan := la.ag.Plan()
			L.Push(lib.planTable(plan))
			L.Push(lua.LNumber(plan.Cost))
			return 2
		},
		"Remaining": func(L *lua.LState) int {
			la := lib.checkAgent(L, "Remaining")
			L.Push(lib.planTable(goap.Plan{Actions: la.ag.Remaining()}))
			return 1
		},
		"Goal": func(L *lua.LState) int {
			la := lib.checkAgent(L, "Goal")
			if g := la.ag.Goal(); g != nil {
				L.Push(la.prov.goalValue(g))
			} else {
				L.Push(lua.LNil)
			}
			return 1
		},
		"Replan":       func(L *lua.LState) int { lib.checkAgent(L, "Replan").ag.Replan(); return 0 },
		"WorldChanged": func(L *lua.LState) int { lib.checkAgent(L, "WorldChanged").ag.WorldChanged(); return 0 },
		"Interrupting": func(L *lua.LState) int {
			la := lib.checkAgent(L, "Interrupting")
			if g := la.ag.Interrupting(); g != nil {
				L.Push(la.prov.goalValue(g))
			} else {
				L.Push(lua.LNil)
			}
			return 1
		},
		"BackoffTicks": func(L *lua.LState) int {
			L.Push(lua.LNumber(lib.checkAgent(L, "BackoffTicks").ag.BackoffTicks()))
			return 1
		},
		"AddAction": func(L *lua.LState) int {
			la := lib.checkAgent(L, "AddAction")
			a := lib.checkUsable(L.Get(2), "Agent:AddAction")
			la.ag.Actions = append(la.ag.Actions, a.act)
			return 0
		},
		"RemoveAction": func(L *lua.LState) int {
			la := lib.checkAgent(L, "RemoveAction")
			a := lib.checkUsable(L.Get(2), "Agent:RemoveAction")
			kept := la.ag.Actions[:0]
			for _, x := range la.ag.Actions {
				if x != a.act {
					kept = append(kept, x)
				}
			}
			clear(la.ag.Actions[len(kept):])
			la.ag.Actions = kept
			return 0
		},
	})
}

// checkUsable returns the action v with its fields synced, or raises.
func (lib *Lib) checkUsable(v lua.LValue, what string) *luaAction {
	la, err := lib.actionOf(v, what)
	if err == nil {
		if err = la.sync(); err != nil {
			err = fmt.Errorf("%s: %v", what, err)
		}
	}
	if err != nil {
		lib.raise("%v", err)
	}
	return la
}

// agentNew is goap.Agent:New(provider, actions, opts?): an agent in state
// Idle planning with the list of action tables through the provider table
// (see provider). opts: {owner = value passed to the actions'
// CheckProceduralPrecondition and Perform as their agent argument (default:
// the provider), maxNodes = planner node budget in expansions per planning
// round (0 or nil: goap.DefaultMaxNodes; negative: an error), backoffInitial = ticks
// skipped after the first failed planning round (0: 2; negative: none),
// backoffMax = cap of the doubling backoff in ticks (0: 64),
// priorityCheckTicks = how often, in ticks of a running plan, the goals'
// priorities are re-read for interrupts (0: 10; negative: only after
// agent:WorldChanged())}. The agent
// table's fields provider and owner hold the provider and owner.
//
// Give each agent its own action tables: an action's per-step state
// (inRange, done, the hooks' own fields) belongs to one agent, as the
// seed's actions were components of one GameObject.
func (lib *Lib) agentNew(L *lua.LState) int {
	cls, ok := L.Get(1).(*lua.LTable)
	if ok {
		cls = lib.st.Unseal(cls) // a sandbox's proxy of a class
	}
	if !ok || !luaclass.Derives(cls, lib.agentClass) {
		lib.raise("Agent:New: self must be goap.Agent or a class derived from it (call it with a colon), got %s", luaerr.Describe(L.Get(1)))
	}
	if cls.RawGetString("__index") == lua.LNil {
		cls.RawSetString("__index", cls)
	}
	ptbl, ok := L.Get(2).(*lua.LTable)
	if !ok {
		lib.raise("Agent:New(provider, actions): provider must be a table with GetWorldState and Goals (or CreateGoalState) methods, got %s", luaerr.Describe(L.Get(2)))
	}
	prov := newProvider(lib, ptbl)
	if err := prov.check(); err != nil {
		lib.raise("Agent:New: %v", err)
	}
	list, ok := L.Get(3).(*lua.LTable)
	if !ok {
		lib.raise("Agent:New(provider, actions): actions must be a list of actions, got %s", luaerr.Describe(L.Get(3)))
	}
	var acts []*goap.Action
	for i, n := 1, list.Len(); i <= n; i++ {
		la := lib.checkUsable(list.RawGetInt(i), fmt.Sprintf("Agent:New: actions[%d]", i))
		acts = append(acts, la.act)
	}
	ag := goap.NewAgent(prov, acts...)
	var owner lua.LValue = ptbl
	if v := L.Get(4); v != lua.LNil {
		opts, ok := v.(*lua.LTable)
		if !ok {
			lib.raise("Agent:New(provider, actions, opts): opts must be a table, got %s", luaerr.Describe(v))
		}
		if o := opts.RawGetString("owner"); o != lua.LNil {
			owner = o
		}
		ag.Planner.MaxNodes = lib.optInt(opts, "maxNodes", "Agent:New")
		ag.BackoffInitial = lib.optSignedInt(opts, "backoffInitial", "Agent:New")
		ag.BackoffMax = lib.optInt(opts, "backoffMax", "Agent:New")
		ag.PriorityCheckTicks = lib.optSignedInt(opts, "priorityCheckTicks", "Agent:New")
	}
	ag.Owner = owner
	o := L.NewTable()
	o.Metatable = cls
	o.RawSetString("provider", ptbl)
	o.RawSetString("owner", owner)
	lib.setNode(o, &luaAgent{ag: ag, prov: prov, self: o})
	L.Push(o)
	return 1
}

// optSignedInt reads an optional integer field of an options table.
func (lib *Lib) optSignedInt(opts *lua.LTable, key, what string) int {
	switch v := opts.RawGetString(key).(type) {
	case *lua.LNilType:
		return 0
	case lua.LNumber:
		if v == lua.LNumber(int(v)) {
			return int(v)
		}
	}
	lib.raise("%s: %s must be a whole number, got %s", what, key, luaerr.Describe(opts.RawGetString(key)))
	return 0
}

// agentOf returns the Go side of an agent table.
func agentOf(v lua.LValue) (*luaAgent, bool) {
	tbl, ok := v.(*lua.LTable)
	if !ok {
		return nil, false
	}
	la, ok := nodeOf(tbl).(*luaAgent)
	return la, ok
}

// checkAgent returns the agent of argument 1 of a Lua call, or raises.
func (lib *Lib) checkAgent(L *lua.LState, method string) *luaAgent {
	la, ok := agentOf(L.Get(1))
	if !ok {
		lib.raise("Agent:%s: self must be an agent made with goap.Agent:New() (call it with a colon), got %s", method, luaerr.Describe(L.Get(1)))
	}
	return la
}

// update is one tick: it syncs the target field of every action of the
// current plan (so a target set or cleared by a script since the last tick
// is seen), then runs goap.Agent.Update.
func (la *luaAgent) update() {
	la.prov.round = la.prov.round[:0] // this tick's failures only
	for _, a := range la.ag.Plan().Actions {
		if x, ok := a.Behavior.(*luaAction); ok {
			x.syncTarget()
		}
	}
	la.ag.Update()
}

// Agent returns the *goap.Agent behind a Lua agent table (made with
// goap.Agent:New). Its Provider calls the Lua provider; its Owner is a Lua
// value. Tick it through agent:Update() or BTGoapAgentTask rather than
// goap.Agent.Update: they first sync the target fields of the plan's
// actions from Lua.
func (lib *Lib) Agent(v lua.LValue) (*goap.Agent, error) {
	la, ok := agentOf(v)
	if !ok {
		return nil, errNotAgent(v)
	}
	return la.ag, nil
}

func errNotAgent(v lua.LValue) error {
	return fmt.Errorf("goap: want an agent made with goap.Agent:New(), got %s", luaerr.Describe(v))
}
