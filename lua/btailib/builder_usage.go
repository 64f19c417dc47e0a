package btailib

import (
	"github.com/btlua/btlua/lua/luaclass"
	lua "github.com/yuin/gopher-lua"
)

// builderUsage is how each function of the BT table is called, for the
// error of a call with more arguments than it takes ("BT.Wait: takes at
// most 1 argument, got 2 (extra: 2): BT.Wait(seconds)"); max is the number
// of parameters.
var builderUsage = map[string]struct {
	max   int
	usage string
}{
	"Root": {0, "BT.Root()"}, "Sequence": {0, "BT.Sequence()"}, "Selector": {1, "BT.Selector(shuffle?)"},
	"RandomSequence": {1, "BT.RandomSequence(weights?)"}, "If": {2, "BT.If(fn, name?)"}, "While": {2, "BT.While(fn, name?)"},
	"Condition": {2, "BT.Condition(fn, name?)"}, "Call": {2, "BT.Call(fn, name?)"}, "Repeat": {1, "BT.Repeat(count)"},
	"Wait": {1, "BT.Wait(seconds)"}, "RunCoroutine": {2, "BT.RunCoroutine(fn, name?)"}, "Terminate": {0, "BT.Terminate()"},
	"Log": {1, "BT.Log(msg)"}, "SetBool": {3, "BT.SetBool(obj, name, value)"}, "Trigger": {3, "BT.Trigger(obj, name, set?)"},
	"SetActive": {2, "BT.SetActive(obj, active)"}, "WaitForAnimatorState": {3, "BT.WaitForAnimatorState(obj, name, layer?)"},
	"SetRandomSeed": {1, "BT.SetRandomSeed(seed)"}, "SetRandom": {1, "BT.SetRandom(fn)"},
	"SetTime": {2, "BT.SetTime(seconds, frame?)"}, "Time": {0, "BT.Time()"}, "Frame": {0, "BT.Frame()"},
}

// checkArity raises the error of a call of BT.name with more arguments
// than it takes (self already removed from a BT:X call).
func checkArity(L *lua.LState, name string) {
	u, ok := builderUsage[name]
	if !ok || L.GetTop() <= u.max {
		return
	}
	args := make([]lua.LValue, L.GetTop())
	for i := range args {
		args[i] = L.Get(i + 1)
	}
	if u.max == 0 {
		L.RaiseError("BT.%s: takes no arguments, got %d (%s)", name, len(args), luaclass.ArgList(args))
	}
	plural := "s"
	if u.max == 1 {
		plural = ""
	}
	L.RaiseError("BT.%s: takes at most %d argument%s, got %d (extra: %s): %s", name, u.max, plural, len(args), luaclass.ArgList(args[u.max:]), u.usage)
}
