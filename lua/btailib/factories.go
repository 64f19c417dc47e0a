package btailib

import (
	"github.com/btlua/btlua/lua/luaerr"
	"math"

	"github.com/btlua/btlua/stdlib/btai"
	lua "github.com/yuin/gopher-lua"
)

// factories returns the functions of the BT table. Each accepts both
// BT.X(...) and BT:X(...).
func (lib *Lib) factories() map[string]lua.LGFunction {
	fns := map[string]lua.LGFunction{
		"Root": lib.newRoot,
		"Sequence": func(L *lua.LState) int {
			return lib.push(L, "BT.Sequence", btai.NewSequence())
		},
		"Selector": func(L *lua.LState) int {
			shuffle := checkBool(L, 1, "BT.Selector(shuffle)", "shuffle", false)
			return lib.push(L, "BT.Selector", btai.NewSelector(shuffle, random{lib}))
		},
		"RandomSequence": func(L *lua.LState) int {
			return lib.push(L, "BT.RandomSequence", btai.NewRandomSequence(checkWeights(L), random{lib}))
		},
		"If": func(L *lua.LState) int {
			fn := checkFunction(L, 1, "BT.If(fn)", "fn")
			n := btai.NewConditionalBranch(lib.boolFunc(fn))
			n.Label = lib.nodeName(L, "BT.If(fn, name?)")
			return lib.push(L, "BT.If", n)
		},
		"While": func(L *lua.LState) int {
			fn := checkFunction(L, 1, "BT.While(fn)", "fn")
			n := btai.NewWhile(lib.boolFunc(fn))
			n.Label = lib.nodeName(L, "BT.While(fn, name?)")
			return lib.push(L, "BT.While", n)
		},
		"Condition": func(L *lua.LState) int {
			fn := checkFunction(L, 1, "BT.Condition(fn)", "fn")
			n := btai.NewCondition(lib.boolFunc(fn))
			n.Label = lib.nodeName(L, "BT.Condition(fn, name?)")
			return lib.push(L, "BT.Condition", n)
		},
		"Call": func(L *lua.LState) int {
			fn := checkFunction(L, 1, "BT.Call(fn)", "fn")
			n := btai.NewCall(lib.voidFunc(fn))
			n.Label = lib.nodeName(L, "BT.Call(fn, name?)")
			return lib.push(L, "BT.Call", n)
		},
		"Repeat": func(L *lua.LState) int {
			if L.Get(1) == lua.LNil {
				L.RaiseError("BT.Repeat(count): count must be an integer, got nil")
			}
			n := checkCount(L, 1, "BT.Repeat(count)", "count", 0)
			return lib.push(L, "BT.Repeat", btai.NewRepeat(n))
		},
		"Wait": func(L *lua.LState) int {
			s := checkSeconds(L, 1, "BT.Wait(seconds)", "seconds")
			return lib.push(L, "BT.Wait", btai.NewWait(s, lib.Now))
		},
		"RunCoroutine": func(L *lua.LState) int {
			fn := checkFunction(L, 1, "BT.RunCoroutine(fn)", "fn")
			a := btai.NewRunCoroutine(nil)
			a.Label = lib.nodeName(L, "BT.RunCoroutine(fn, name?)")
			tbl := lib.newNode(L, "BT.RunCoroutine", a)
			nd := nodeOf(tbl)
			a.NewCoroutine = func() btai.Coroutine { return lib.newCoroutine(fn, nd.at) }
			L.Push(tbl)
			return 1
		},
		"Terminate": func(L *lua.LState) int {
			return lib.push(L, "BT.Terminate", btai.NewTerminate())
		},
		"Log": func(L *lua.LState) int {
			msg := checkString(L, 1, "BT.Log(msg)", "msg")
			return lib.push(L, "BT.Log", btai.NewLog(msg, lib.out))
		},
		"SetBool": func(L *lua.LState) int {
			const what = "BT.SetBool(obj, name, value)"
			obj := checkObject(L, 1, what)
			name := checkString(L, 2, what, "name")
			if _, ok := L.Get(3).(lua.LBool); !ok {
				L.RaiseError("%s: value must be a boolean, got %s", what, luaerr.Describe(L.Get(3)))
			}
			value := checkBool(L, 3, what, "value", false)
			return lib.push(L, "BT.SetBool", btai.NewSetBool(lib.object(L, "BT.SetBool", obj), name, value))
		},
		"Trigger": func(L *lua.LState) int {
			const what = "BT.Trigger(obj, name, set)"
			obj := checkObject(L, 1, what)
			name := checkString(L, 2, what, "name")
			set := checkBool(L, 3, what, "set", true)
			return lib.push(L, "BT.Trigger", btai.NewTrigger(lib.object(L, "BT.Trigger", obj), name, set))
		},
		"SetActive": func(L *lua.LState) int {
			const what = "BT.SetActive(obj, active)"
			obj := checkObject(L, 1, what)
			if _, ok := L.Get(2).(lua.LBool); !ok {
				L.RaiseError("%s: active must be a boolean, got %s", what, luaerr.Describe(L.Get(2)))
			}
			active := checkBool(L, 2, what, "active", false)
			return lib.push(L, "BT.SetActive", btai.NewSetActive(lib.object(L, "BT.SetActive", obj), active))
		},
		"WaitForAnimatorState": func(L *lua.LState) int {
			const what = "BT.WaitForAnimatorState(obj, name, layer)"
			obj := checkObject(L, 1, what)
			name := checkString(L, 2, what, "name")
			layer := checkCount(L, 3, what, "layer", 0)
			return lib.push(L, "BT.WaitForAnimatorState", btai.NewWaitForAnimatorState(lib.object(L, "BT.WaitForAnimatorState", obj), name, layer))
		},
		"SetRandomSeed": func(L *lua.LState) int {
			n := checkInt(L, 1, "BT.SetRandomSeed(seed)", "seed", 0)
			lib.seed(uint64(int64(n)))
			return 0
		},
		"SetRandom": func(L *lua.LState) int {
			switch fn := L.Get(1).(type) {
			case *lua.LFunction:
				lib.randFn = fn
			case *lua.LNilType:
				lib.randFn = nil
			default:
				L.RaiseError("BT.SetRandom(fn): fn must be a function (or nil), got %s", luaerr.Describe(fn))
			}
			return 0
		},
		"SetTime": func(L *lua.LState) int {
			s := checkFinite(L, 1, "BT.SetTime(seconds, frame)", "seconds")
			f := checkCount(L, 2, "BT.SetTime(seconds, frame)", "frame", int(lib.frame))
			lib.SetTime(s, int64(f))
			return 0
		},
		"Time": func(L *lua.LState) int {
			L.Push(lua.LNumber(lib.now))
			return 1
		},
		"Frame": func(L *lua.LState) int {
			L.Push(lua.LNumber(lib.frame))
			return 1
		},
	}
	for name, fn := range fns {
		fns[name] = lib.dotOrColon(name, fn)
	}
	return fns
}

// dotOrColon lets BT:X(...) work like BT.X(...), and refuses arguments
// beyond the function's parameters (see builderUsage).
func (lib *Lib) dotOrColon(name string, fn lua.LGFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		lib.selfArg = 0
		if L.GetTop() > 0 && L.Get(1) == lua.LValue(lib.Table) {
			L.Remove(1)
			lib.selfArg = 1
		}
		checkArity(L, name)
		return fn(L)
	}
}

// nodeName returns the name of the node a factory over a script's
// function (argument 1) makes: its name argument (argument 2, a string),
// else the name the caller passed the function under (luaerr.ArgName:
// BT.Condition(IsHungry) is "IsHungry"), else "" (a function written in
// place). what is the factory's usage, for the error of a name that is
// not a string.
func (lib *Lib) nodeName(L *lua.LState, what string) string {
	switch v := L.Get(2).(type) {
	case lua.LString:
		return string(v)
	case *lua.LNilType:
		return luaerr.ArgName(L, 1+lib.selfArg)
	default:
		L.RaiseError("%s: name must be a string, got %s", what, luaerr.Describe(v))
		return ""
	}
}

// push pushes a new node table over n.
func (lib *Lib) push(L *lua.LState, kind string, n btai.Node) int {
	L.Push(lib.newNode(L, kind, n))
	return 1
}

// checkWeights reads the weights of BT.RandomSequence: nil, or an array
// of non-negative integers.
func checkWeights(L *lua.LState) []int {
	const what = "BT.RandomSequence(weights)"
	switch v := L.Get(1).(type) {
	case *lua.LNilType:
		return nil
	case *lua.LTable:
		n := v.Len()
		ws := make([]int, n)
		for i := 1; i <= n; i++ {
			w, ok := v.RawGetInt(i).(lua.LNumber)
			if !ok || float64(w) != math.Trunc(float64(w)) || w < 0 || w > 1<<31 {
				L.RaiseError("%s: weights[%d] must be a non-negative integer, got %s", what, i, luaerr.Describe(v.RawGetInt(i)))
			}
			ws[i-1] = int(w)
		}
		return ws
	default:
		L.RaiseError("%s: weights must be an array of integers (or nil), got %s", what, luaerr.Describe(v))
		return nil
	}
}
