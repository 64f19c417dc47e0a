package goaplib

import (
	"fmt"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"
	"math"

	"github.com/btlua/btlua/stdlib/goap"
	lua "github.com/yuin/gopher-lua"
)

// provider implements goap.DataProvider (the seed's IGoap) by calling the
// methods of a Lua table:
//
//	GetWorldState() or GetState() -> {key = value}          (required)
//	Goals() -> list of goals, or CreateGoalState() -> goal   (one required)
//	PlanFailed(goal, message)                                (optional)
//	PlanFound(goal, plan, cost)                              (optional)
//	ActionsFinished()                                        (optional)
//	PlanAborted(action)                                      (optional)
//	PlanInterrupted(goal, byGoal)                            (optional)
//	MoveAgent(action) -> boolean                             (required when an action needs range)
//
// A goal is a conditions table ({key = value} and/or {{key, op, value}}),
// or a table {name = "...", priority = n or function(state), conditions =
// {...}}. The goal handed back to PlanFailed and PlanFound is the very
// table the provider returned; plan is a new list of action tables.
//
// The agent recognises its running goal among the goals of a later round
// by the *goap.Goal it was converted into, so a goal table keeps its slot
// from round to round (matched by table identity), and the running goal's
// slot is never given to another table while it runs.
//
// Method lookups are cached until the library's epoch changes. The
// converted world state and goals are kept in reused buffers. provider also
// counts the callbacks, for the behavior-tree task (task.go).
type provider struct {
	lib   *Lib
	self  *lua.LTable
	hooks luaclass.Hooks

	state   stateBuf
	slots   []*goalSlot
	goals   []*goap.Goal
	scratch []string
	assign  []*goalSlot // this round's slot per goal index
	running *goalSlot   // the slot of the goal of the plan under way

	found, failed, finished, aborted int
	// round holds the planning failures of the current tick that no
	// PlanFailed method heard (the task warns of them, warning.go);
	// warned, the reasons warned of since the last plan found.
	round  []error
	warned map[string]bool
}

// Provider methods.
const (
	pState = iota
	pGoals
	pCreateGoal
	pFailed
	pFound
	pFinished
	pAborted
	pMove
	pInterrupted
	numProv
)

var provNames = [numProv]string{"GetWorldState", "Goals", "CreateGoalState", "PlanFailed", "PlanFound", "ActionsFinished", "PlanAborted", "MoveAgent", "PlanInterrupted"}

// goalSlot is one converted goal, reused between planning rounds.
type goalSlot struct {
	goal     goap.Goal
	used     bool           // taken in the current round
	src      lua.LValue     // the Lua table the provider returned
	prio     *lua.LFunction // priority function, or nil
	prioFunc func(goap.StateReader) float64
	p        *provider
}

func newProvider(lib *Lib, self *lua.LTable) *provider {
	p := &provider{lib: lib, self: self}
	p.hooks.Refresh(lib.st, self, lib.provHooks)
	return p
}

// providerHooks returns the method set of providers; GetState is the
// seed's name of GetWorldState.
func providerHooks() *luaclass.MethodSet {
	set := luaclass.NewMethodSet(provNames[:]...)
	set.Alias(pState, "GetState")
	return set
}

// check reports a provider that can never plan: no state or goal method.
func (p *provider) check() error {
	if p.fn(pState) == nil {
		return fmt.Errorf("the provider has no GetWorldState (or GetState) method")
	}
	if p.fn(pGoals) == nil && p.fn(pCreateGoal) == nil {
		return fmt.Errorf("the provider has no Goals (or CreateGoalState) method")
	}
	return nil
}

func (p *provider) fn(i int) *lua.LFunction {
	return p.hooks.Get(p.lib.st, p.self, p.lib.provHooks, i)
}

// GetWorldState implements goap.DataProvider.
func (p *provider) GetWorldState() *goap.WorldState {
	fn := p.fn(pState)
	if fn == nil {
		p.lib.raise("the provider has no GetWorldState (or GetState) method")
	}
	ws, err := p.state.fill(p.lib.call1(fn, p.self), "GetWorldState result")
	if err != nil {
		p.lib.failAt(fn, "%v", err)
	}
	return ws
}

// createGoalName names the goal of CreateGoalState() in errors and traces
// (goap.Goal.Name): the table it returns holds only conditions, so the
// seed's single goal has no name of its own.
const createGoalName = "CreateGoalState"

// Goals implements goap.DataProvider: the goals of Goals(), or the single
// goal of CreateGoalState() (named "CreateGoalState", priority 0).
func (p *provider) Goals() []*goap.Goal {
	p.goals = p.goals[:0]
	if fn := p.fn(pGoals); fn != nil {
		ret := p.lib.call1(fn, p.self)
		list, ok := ret.(*lua.LTable)
		if !ok {
			p.lib.failAt(fn, "Goals returned %s, want a list of goals", luaerr.Describe(ret))
		}
		n := list.Len()
		p.assignSlots(list, n)
		for i := 1; i <= n; i++ {
			s := p.assign[i-1]
			if err := s.parse(list.RawGetInt(i), i); err != nil {
				p.lib.failAt(fn, "Goals returned a bad goal: %v", err)
			}
			p.goals = append(p.goals, &s.goal)
		}
		return p.goals
	}
	fn := p.fn(pCreateGoal)
	if fn == nil {
		p.lib.raise("the provider has no Goals (or CreateGoalState) method")
	}
	s := p.slot(0)
	s.src, s.prio = p.lib.call1(fn, p.self), nil
	s.goal = goap.Goal{Name: createGoalName, Conditions: s.goal.Conditions[:0]}
	var err error
	if s.goal.Conditions, err = parseConditions(s.goal.Conditions, s.src, "CreateGoalState result", &p.scratch); err != nil {
		p.lib.failAt(fn, "%v", err)
	}
	p.goals = append(p.goals, &s.goal)
	return p.goals
}

// assignSlots gives each of the n goals of list a slot: the slot that held
// the same table last round if any, else a free one (never the running
// goal's), growing the pool.
func (p *provider) assignSlots(list *lua.LTable, n int) {
	for _, s := range p.slots {
		s.used = false
	}
	p.assign = p.assign[:0]
	for i := 1; i <= n; i++ {
		v := list.RawGetInt(i)
		var got *goalSlot
		if _, isTable := v.(*lua.LTable); isTable {
			for _, s := range p.slots {
				if !s.used && s.src == v {
					got = s
					break
				}
			}
		}
		if got != nil {
			got.used = true
		}
		p.assign = append(p.assign, got)
	}
	next := 0
	for i, s := range p.assign {
		if s != nil {
			continue
		}
		for ; ; next++ {
			c := p.slot(next)
			if !c.used && c != p.running {
				c.used = true
				p.assign[i] = c
				break
			}
		}
	}
}

// slot returns goal slot i, growing the pool.
func (p *provider) slot(i int) *goalSlot {
	for len(p.slots) <= i {
		s := &goalSlot{p: p}
		s.prioFunc = s.priority
		p.slots = append(p.slots, s)
	}
	return p.slots[i]
}

// parse converts the i-th (1-based) goal the provider returned.
func (s *goalSlot) parse(v lua.LValue, i int) error {
	s.src, s.prio = v, nil
	s.goal = goap.Goal{Conditions: s.goal.Conditions[:0]}
	tbl, ok := v.(*lua.LTable)
	if !ok {
		return fmt.Errorf("goals[%d]: want a table, got %s", i, luaerr.Describe(v))
	}
	conds := tbl.RawGetString("conditions")
	if conds == lua.LNil {
		// A bare conditions table.
		var err error
		s.goal.Conditions, err = parseConditions(s.goal.Conditions, tbl, fmt.Sprintf("goals[%d]", i), &s.p.scratch)
		return err
	}
	switch n := tbl.RawGetString("name").(type) {
	case lua.LString:
		s.goal.Name = string(n)
	case *lua.LNilType:
	default:
		return fmt.Errorf("goals[%d].name must be a string, got %s", i, luaerr.Describe(n))
	}
	at := fmt.Sprintf("goals[%d]", i)
	if s.goal.Name != "" {
		at += fmt.Sprintf(" (%q)", s.goal.Name)
	}
	switch pr := tbl.RawGetString("priority").(type) {
	case lua.LNumber:
		if math.IsNaN(float64(pr)) {
			return fmt.Errorf("%s.priority must be a number (not NaN) or a function(state), got %s", at, luaerr.Describe(pr))
		}
		s.goal.Priority = float64(pr)
	case *lua.LFunction:
		s.prio = pr
		s.goal.PriorityFunc = s.prioFunc
	case *lua.LNilType:
	default:
		return fmt.Errorf("%s.priority must be a number or a function(state), got %s", at, luaerr.Describe(pr))
	}
	var err error
	s.goal.Conditions, err = parseConditions(s.goal.Conditions, conds, at+".conditions", &s.p.scratch)
	return err
}

// priority is Goal.PriorityFunc for a Lua priority function(state, goal).
func (s *goalSlot) priority(r goap.StateReader) float64 {
	return s.p.lib.view.number(s.prio, s.goal.Name, "priority", r, s.src)
}

// goalValue returns the Lua table g was converted from.
func (p *provider) goalValue(g *goap.Goal) lua.LValue {
	for _, s := range p.slots {
		if &s.goal == g {
			return s.src
		}
	}
	return lua.LNil
}

// PlanFailed implements goap.DataProvider: PlanFailed(goal, message).
func (p *provider) PlanFailed(goal *goap.Goal, err error) {
	p.failed++
	if fn := p.fn(pFailed); fn != nil {
		p.lib.call(fn, 0, p.self, p.goalValue(goal), lua.LString(err.Error()))
	} else {
		p.round = append(p.round, err)
	}
}

// PlanFound implements goap.DataProvider: PlanFound(goal, plan, cost).
func (p *provider) PlanFound(goal *goap.Goal, plan goap.Plan) {
	p.found++
	clear(p.warned)
	p.running = nil
	for _, s := range p.slots {
		if &s.goal == goal {
			p.running = s
		}
	}
	if fn := p.fn(pFound); fn != nil {
		p.lib.call(fn, 0, p.self, p.goalValue(goal), p.lib.planTable(plan), lua.LNumber(plan.Cost))
	}
}

// ActionsFinished implements goap.DataProvider.
func (p *provider) ActionsFinished() {
	p.finished++
	if fn := p.fn(pFinished); fn != nil {
		p.lib.call(fn, 0, p.self)
	}
}

// PlanAborted implements goap.DataProvider: PlanAborted(action).
func (p *provider) PlanAborted(aborter *goap.Action) {
	p.aborted++
	if fn := p.fn(pAborted); fn != nil {
		p.lib.call(fn, 0, p.self, selfOf(aborter))
	}
}

// PlanInterrupted implements goap.InterruptListener:
// PlanInterrupted(goal, byGoal).
func (p *provider) PlanInterrupted(goal, by *goap.Goal) {
	if fn := p.fn(pInterrupted); fn != nil {
		p.lib.call(fn, 0, p.self, p.goalValue(goal), p.goalValue(by))
	}
}

// MoveAgent implements goap.DataProvider: MoveAgent(action) must return a
// boolean (true: in range). The action's target is synced afterwards.
func (p *provider) MoveAgent(next *goap.Action) bool {
	fn := p.fn(pMove)
	if fn == nil {
		p.lib.raise("the provider has no MoveAgent method, needed by %s (it requires range)", next.Name)
	}
	ok := p.lib.callBool(fn, "", "MoveAgent", p.self, selfOf(next))
	if la, isLua := next.Behavior.(*luaAction); isLua {
		la.syncTarget()
	}
	return ok
}
