package goaplib

import (
	"fmt"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"

	"github.com/btlua/btlua/stdlib/goap"
	lua "github.com/yuin/gopher-lua"
)

// luaAction is the Go side of a Lua action table: the *goap.Action the
// planner and agent use, whose Behavior is the luaAction itself (see
// behavior.go).
//
// Where each part of the action lives:
//   - preconditions and effects: in Go (act), changed through the Lua
//     methods AddPrecondition, AddEffect, RemovePrecondition, RemoveEffect
//     or the constructor's pre/effects. A table that first becomes an
//     action copies them from the nearest prototype on its class chain
//     that is an action (so conditions added on a class are inherited by
//     instances made with the seed's setmetatable(o, self) pattern).
//   - name, cost, minCost, requiresInRange / RequiresInRange and target: in
//     Lua fields (inherited through __index as usual), copied into act by
//     sync at the points listed on sync.
//   - inRange: in Go (act.InRange), read and set with IsInRange/SetInRange.
type luaAction struct {
	act  *goap.Action
	self *lua.LTable
	lib  *Lib

	hooks luaclass.Hooks
	// costFn is the Lua cost function when the cost field is a function;
	// costFunc is the bound method installed as act.CostFunc.
	costFn   *lua.LFunction
	costFunc func(goap.StateReader) float64
	// done is set by a successful Perform and cleared by Reset: the
	// default IsDone when the Lua class defines none.
	done bool
}

// actionOf returns the Go side of the action table v, creating it the
// first time a table derived from goap.Action is used. what names v in
// errors ("actions[2]", "self").
func (lib *Lib) actionOf(v lua.LValue, what string) (*luaAction, error) {
	tbl, ok := v.(*lua.LTable)
	if !ok {
		return nil, fmt.Errorf("%s: want an action (a table made with goap.Action:New() or derived from it), got %s", what, luaerr.Describe(v))
	}
	var proto *luaAction
	if la, ok := nodeOf(tbl).(*luaAction); ok {
		if la.self == tbl {
			return la, nil
		}
		// A node copied into tbl by a hot-reload merge: tbl had none of
		// its own. Start from it, as from a prototype.
		proto = la
	}
	if tbl == lib.actionClass {
		return nil, fmt.Errorf("%s: goap.Action is the base class; make an action with goap.Action:New()", what)
	}
	derived := false
	for cur := range luaclass.Chain(luaclass.Of(tbl)) {
		if cur == lib.actionClass {
			derived = true
			break
		}
		if p, ok := nodeOf(cur).(*luaAction); ok && p.self == cur && proto == nil {
			proto = p
		}
	}
	if !derived {
		return nil, fmt.Errorf("%s: want an action (a table made with goap.Action:New() or derived from it), got a table whose class chain has no goap.Action", what)
	}
	la := &luaAction{act: &goap.Action{}, self: tbl, lib: lib}
	la.costFunc = la.cost
	la.act.Behavior = la
	if proto != nil {
		la.act.Preconditions = append([]goap.Condition(nil), proto.act.Preconditions...)
		la.act.Effects = append([]goap.Effect(nil), proto.act.Effects...)
	}
	lib.setNode(tbl, la)
	return la, nil
}

// checkAction returns the action of argument n of a Lua call, or raises.
func (lib *Lib) checkAction(L *lua.LState, n int, method string) *luaAction {
	la, err := lib.actionOf(L.Get(n), "goap.Action:"+method+": self")
	if err != nil {
		lib.raise("%v", err)
	}
	return la
}

// name returns the action's name for messages.
func (la *luaAction) name() string {
	if la.act.Name != "" {
		return la.act.Name
	}
	if s, ok := la.lib.L.GetField(la.self, "name").(lua.LString); ok {
		return string(s)
	}
	return "action"
}

// sync copies the Lua fields into the Go action: name (a string), cost (a
// number, or a function(state, action) with minCost its declared lower
// bound), requiresInRange (the RequiresInRange method, or a boolean in
// RequiresInRange or requiresInRange) and target (nil or false: none). It
// runs when the action is handed to Planner:Plan or Agent:New, and before
// each planning round of an agent (from Reset); the target alone is also
// synced after each hook and before each agent tick (syncTarget). A missing
// name or a field of the wrong type is an error naming the value.
func (la *luaAction) sync() error {
	L := la.lib.L
	switch n := L.GetField(la.self, "name").(type) {
	case lua.LString:
		if n == "" {
			return fmt.Errorf("action has an empty name")
		}
		la.act.Name = string(n)
	case *lua.LNilType:
		return fmt.Errorf("action has no name (set its name field to a string)")
	default:
		return fmt.Errorf("action name must be a string, got %s", luaerr.Describe(n))
	}
	switch c := L.GetField(la.self, "cost").(type) {
	case lua.LNumber:
		la.act.Cost, la.act.CostFunc, la.costFn = float64(c), nil, nil
	case *lua.LFunction:
		la.costFn, la.act.CostFunc = c, la.costFunc
		switch m := L.GetField(la.self, "minCost").(type) {
		case lua.LNumber:
			if !finiteNonNegative(m) {
				return fmt.Errorf("%s.minCost must be a finite number >= 0, got %s", la.act.Name, luaerr.Describe(m))
			}
			la.act.Cost = float64(m)
		case *lua.LNilType:
			la.act.Cost = 0
		default:
			return fmt.Errorf("%s.minCost must be a number, got %s", la.act.Name, luaerr.Describe(m))
		}
	default:
		return fmt.Errorf("%s.cost must be a number or a function(state, action), got %s", la.act.Name, luaerr.Describe(c))
	}
	if la.act.CostFunc == nil && !finiteNonNegative(lua.LNumber(la.act.Cost)) {
		return fmt.Errorf("%s.cost must be a finite number >= 0, got %s", la.act.Name, luaerr.Describe(lua.LNumber(la.act.Cost)))
	}
	r, err := la.requiresInRange()
	if err != nil {
		return err
	}
	la.act.RequiresInRange = r
	la.syncTarget()
	return nil
}

// requiresInRange evaluates RequiresInRange: a method is called (the seed's
// abstract RequiresInRange()), a boolean is used; the base method reads the
// requiresInRange field.
func (la *luaAction) requiresInRange() (bool, error) {
	L := la.lib.L
	switch v := L.GetField(la.self, "RequiresInRange").(type) {
	case *lua.LFunction:
		if v != la.lib.defRange {
			return la.lib.callBool(v, la.act.Name, "RequiresInRange", la.self), nil
		}
	case lua.LBool:
		return bool(v), nil
	case *lua.LNilType:
	default:
		return false, fmt.Errorf("%s.RequiresInRange must be a method or a boolean, got %s", la.act.Name, luaerr.Describe(v))
	}
	return lua.LVAsBool(L.GetField(la.self, "requiresInRange")), nil
}

// syncTarget copies the target field into act.Target (nil or false: no
// target).
func (la *luaAction) syncTarget() {
	t := la.lib.L.GetField(la.self, "target")
	if lua.LVIsFalse(t) {
		la.act.Target = nil
		return
	}
	la.act.Target = t
}

// cost is act.CostFunc for a Lua cost function: cost(state, action).
func (la *luaAction) cost(s goap.StateReader) float64 {
	return la.lib.view.number(la.costFn, la.act.Name, "cost", s, la.self)
}

// selfOf returns the Lua table of an action made by this library, or nil.
func selfOf(a *goap.Action) lua.LValue {
	if la, ok := a.Behavior.(*luaAction); ok {
		return la.self
	}
	return lua.LNil
}

// ActionOf returns the *goap.Action behind a Lua action table (made with
// goap.Action:New() or derived from it), creating it on first use, with
// its Lua fields (name, cost, target, range) synced. Go code can plan with
// it or hand it to a goap.Agent; its Behavior calls the table's Lua hooks.
func (lib *Lib) ActionOf(v lua.LValue) (*goap.Action, error) {
	la, err := lib.actionOf(v, "action")
	if err != nil {
		return nil, err
	}
	if err := la.sync(); err != nil {
		return nil, err
	}
	return la.act, nil
}

// TableOf returns the Lua table of an action made by this library (see
// ActionOf), or nil for any other action.
func TableOf(a *goap.Action) *lua.LTable {
	if la, ok := a.Behavior.(*luaAction); ok {
		return la.self
	}
	return nil
}

// finiteNonNegative reports whether n is a finite number >= 0: what an
// action's cost and minCost must be (goap.Action.Cost).
func finiteNonNegative(n lua.LNumber) bool {
	return n >= 0 && luaerr.Finite(float64(n))
}
