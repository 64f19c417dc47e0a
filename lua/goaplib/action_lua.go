package goaplib

import (
	"fmt"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"

	"github.com/btlua/btlua/stdlib/goap"
	lua "github.com/yuin/gopher-lua"
)

// registerAction creates the goap.Action class: its constructor, the
// methods that edit the Go side (preconditions, effects, inRange), the
// default runtime hooks, and the default cost 1 (the seed's
// `public float cost = 1f`).
func (lib *Lib) registerAction() {
	L := lib.L
	c := lib.class("Action", map[string]lua.LGFunction{
		"New":                lib.actionNew,
		"AddPrecondition":    lib.actionAddPrecondition,
		"AddEffect":          lib.actionAddEffect,
		"RemovePrecondition": lib.actionRemove(true),
		"RemoveEffect":       lib.actionRemove(false),
		"GetPreconditions":   lib.actionGetPreconditions,
		"GetEffects":         lib.actionGetEffects,
		"IsInRange": func(L *lua.LState) int {
			L.Push(lua.LBool(lib.checkAction(L, 1, "IsInRange").act.InRange))
			return 1
		},
		"SetInRange": func(L *lua.LState) int {
			lib.checkAction(L, 1, "SetInRange").act.InRange = L.ToBool(2)
			return 0
		},
	})
	lib.actionClass = c
	c.RawSetString("cost", lua.LNumber(1))
	defaults := map[string]lua.LGFunction{
		"Reset": func(*lua.LState) int { return 0 },
		"IsDone": func(L *lua.LState) int {
			L.Push(lua.LBool(lib.checkAction(L, 1, "IsDone").done))
			return 1
		},
		"Perform":                     func(L *lua.LState) int { L.Push(lua.LTrue); return 1 },
		"CheckProceduralPrecondition": func(L *lua.LState) int { L.Push(lua.LTrue); return 1 },
		"CanInterrupt":                func(L *lua.LState) int { L.Push(lua.LFalse); return 1 },
	}
	for name, f := range defaults {
		fn := L.NewFunction(f)
		lib.actionHooks.Default(fn)
		c.RawSetString(name, fn)
	}
	lib.defRange = L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LBool(lua.LVAsBool(L.GetField(L.Get(1), "requiresInRange"))))
		return 1
	})
	c.RawSetString("RequiresInRange", lib.defRange)
}

// actionNew is Class:New(spec?): a new table whose metatable is Class
// (with Class.__index = Class: the seed's class pattern). The optional
// spec's fields are copied into it, except pre (or preconditions) and
// effects, which are added as with AddPrecondition and AddEffect (see
// parseConditions and parseEffects for their shapes). name and cost, when
// given, are checked here so that mistakes point at the constructor.
func (lib *Lib) actionNew(L *lua.LState) int {
	cls, ok := L.Get(1).(*lua.LTable)
	if ok {
		cls = lib.st.Unseal(cls) // a sandbox's proxy of a class
	}
	if !ok || !luaclass.Derives(cls, lib.actionClass) {
		lib.raise("Action:New: self must be goap.Action or a class derived from it (call it with a colon: goap.Action:New{...}), got %s", luaerr.Describe(L.Get(1)))
	}
	if cls.RawGetString("__index") == lua.LNil {
		cls.RawSetString("__index", cls)
	}
	o := L.NewTable()
	o.Metatable = cls
	if L.GetTop() >= 2 && L.Get(2) != lua.LNil {
		spec, ok := L.Get(2).(*lua.LTable)
		if !ok {
			lib.raise("Action:New(spec): spec must be a table, got %s", luaerr.Describe(L.Get(2)))
		}
		pre, eff := lua.LValue(lua.LNil), lua.LValue(lua.LNil)
		for k, v := spec.Next(lua.LNil); k != lua.LNil; k, v = spec.Next(k) {
			switch k {
			case lua.LString("pre"), lua.LString("preconditions"):
				pre = v
			case lua.LString("effects"):
				eff = v
			default:
				o.RawSet(k, v)
			}
		}
		what := "Action:New"
		switch n := o.RawGetString("name").(type) {
		case lua.LString:
			what = string(n) + ":New"
		case *lua.LNilType:
		default:
			lib.raise("Action:New: name must be a string, got %s", luaerr.Describe(n))
		}
		switch c := o.RawGetString("cost").(type) {
		case lua.LNumber:
			if !finiteNonNegative(c) {
				lib.raise("%s: cost must be a finite number >= 0, got %s", what, luaerr.Describe(c))
			}
		case *lua.LNilType, *lua.LFunction:
		default:
			lib.raise("%s: cost must be a number or a function(state, action), got %s", what, luaerr.Describe(c))
		}
		switch m := o.RawGetString("minCost").(type) {
		case lua.LNumber:
			if !finiteNonNegative(m) {
				lib.raise("%s: minCost must be a finite number >= 0, got %s", what, luaerr.Describe(m))
			}
		case *lua.LNilType:
		default:
			lib.raise("%s: minCost must be a number, got %s", what, luaerr.Describe(m))
		}
		if pre != lua.LNil || eff != lua.LNil {
			la, err := lib.actionOf(o, what)
			if err != nil {
				lib.raise("%v", err)
			}
			var scratch []string
			if pre != lua.LNil {
				if la.act.Preconditions, err = parseConditions(la.act.Preconditions, pre, what+": pre", &scratch); err != nil {
					lib.raise("%v", err)
				}
			}
			if eff != lua.LNil {
				if la.act.Effects, err = parseEffects(la.act.Effects, eff, what+": effects", &scratch); err != nil {
					lib.raise("%v", err)
				}
			}
		}
	}
	L.Push(o)
	return 1
}

// actionAddPrecondition is action:AddPrecondition(key, value) (key ==
// value, the seed's form) or action:AddPrecondition(key, op, value) with op
// one of "==", "~=", "!=", "<", "<=", ">", ">=" (ordering operators need a
// number). Conditions accumulate: several on one key all must hold.
func (lib *Lib) actionAddPrecondition(L *lua.LState) int {
	la := lib.checkAction(L, 1, "AddPrecondition")
	what := la.name() + ":AddPrecondition"
	var c goap.Condition
	var err error
	switch L.GetTop() {
	case 3:
		c, err = makeCondition(L.Get(2), lua.LString("=="), L.Get(3), what)
	case 4:
		c, err = makeCondition(L.Get(2), L.Get(3), L.Get(4), what)
	default:
		err = fmt.Errorf("%s: want (key, value) or (key, op, value), got %d arguments", what, L.GetTop()-1)
	}
	if err != nil {
		lib.raise("%v", err)
	}
	la.act.AddPrecondition(c)
	return 0
}

// actionAddEffect is action:AddEffect(key, value) (sets key) or
// action:AddEffect(key, op, value) with op "=" (set), "+" or "-" (add or
// subtract a number; a missing key counts as 0). Effects apply in order.
func (lib *Lib) actionAddEffect(L *lua.LState) int {
	la := lib.checkAction(L, 1, "AddEffect")
	what := la.name() + ":AddEffect"
	var e goap.Effect
	var err error
	switch L.GetTop() {
	case 3:
		e, err = makeEffect(L.Get(2), lua.LString("="), L.Get(3), what)
	case 4:
		e, err = makeEffect(L.Get(2), L.Get(3), L.Get(4), what)
	default:
		err = fmt.Errorf("%s: want (key, value) or (key, op, value), got %d arguments", what, L.GetTop()-1)
	}
	if err != nil {
		lib.raise("%v", err)
	}
	la.act.AddEffect(e)
	return 0
}

// actionRemove is RemovePrecondition(key) / RemoveEffect(key): removes
// every precondition (effect) on key.
func (lib *Lib) actionRemove(pre bool) lua.LGFunction {
	method := "RemoveEffect"
	if pre {
		method = "RemovePrecondition"
	}
	return func(L *lua.LState) int {
		la := lib.checkAction(L, 1, method)
		key, ok := L.Get(2).(lua.LString)
		if !ok {
			lib.raise("%s:%s(key): key must be a string, got %s", la.name(), method, luaerr.Describe(L.Get(2)))
		}
		if pre {
			la.act.RemovePrecondition(string(key))
		} else {
			la.act.RemoveEffect(string(key))
		}
		return 0
	}
}

// actionGetPreconditions is action:GetPreconditions(): a new list of
// {key, op, value}.
func (lib *Lib) actionGetPreconditions(L *lua.LState) int {
	la := lib.checkAction(L, 1, "GetPreconditions")
	t := L.CreateTable(len(la.act.Preconditions), 0)
	for _, c := range la.act.Preconditions {
		t.Append(lib.conditionTable(c))
	}
	L.Push(t)
	return 1
}

// actionGetEffects is action:GetEffects(): a new list of {key, op, value}
// with op "=", "+" or "-".
func (lib *Lib) actionGetEffects(L *lua.LState) int {
	la := lib.checkAction(L, 1, "GetEffects")
	t := L.CreateTable(len(la.act.Effects), 0)
	for _, e := range la.act.Effects {
		t.Append(lib.effectTable(e))
	}
	L.Push(t)
	return 1
}
