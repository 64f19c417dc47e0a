package luaclass

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// This file is the one argument decoder of the bindings. Each function
// reads one Lua value as the Go value a constructor or method wants and
// returns an error naming the argument and the offending value ("seconds
// must be a finite number, got NaN"); the caller adds the call ("BTWait:New:
// ") and the Lua error adds file:line. nil is an offending value like any
// other: callers that have a default test for lua.LNil first.

// MaxCount bounds whole-number arguments (counts, seeds), so that sums of
// them stay exact.
const MaxCount = 1 << 31

// Arg returns argument i (0-based) of args, or lua.LNil when absent.
func Arg(args []lua.LValue, i int) lua.LValue {
	if i < len(args) {
		return args[i]
	}
	return lua.LNil
}

// Number reads v as a finite number.
func Number(v lua.LValue, name string) (float64, error) {
	n, ok := v.(lua.LNumber)
	if !ok {
		return 0, fmt.Errorf("%s must be a number, got %s", name, luaerr.Describe(v))
	}
	if f := float64(n); math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("%s must be a finite number, got %v", name, f)
	}
	return float64(n), nil
}

// Seconds reads v as a duration in seconds: a finite number >= 0.
func Seconds(v lua.LValue, name string) (float64, error) {
	f, err := Number(v, name)
	if err == nil && f < 0 {
		err = fmt.Errorf("%s must not be negative, got %v", name, f)
	}
	return f, err
}

// Count reads v as a whole number from 0 to MaxCount-1.
func Count(v lua.LValue, name string) (int, error) {
	f, err := Number(v, name)
	if err != nil {
		return 0, err
	}
	if f < 0 || f >= MaxCount || f != math.Trunc(f) {
		return 0, fmt.Errorf("%s must be a whole number from 0 to %d, got %v", name, MaxCount-1, f)
	}
	return int(f), nil
}

// Integer reads v as a whole number of magnitude at most 2^53 (any sign).
func Integer(v lua.LValue, name string) (int, error) {
	f, ok := v.(lua.LNumber)
	if !ok || float64(f) != math.Trunc(float64(f)) || math.Abs(float64(f)) > 1<<53 {
		return 0, fmt.Errorf("%s must be an integer, got %s", name, luaerr.Describe(v))
	}
	return int(f), nil
}

// String reads v as a string; a number is taken as its decimal text, as
// Lua's own string functions do.
func String(v lua.LValue, name string) (string, error) {
	switch x := v.(type) {
	case lua.LString:
		return string(x), nil
	case lua.LNumber:
		return x.String(), nil
	}
	return "", fmt.Errorf("%s must be a string, got %s", name, luaerr.Describe(v))
}

// Bool reads v as a boolean (true or false, nothing else).
func Bool(v lua.LValue, name string) (bool, error) {
	b, ok := v.(lua.LBool)
	if !ok {
		return false, fmt.Errorf("%s must be a boolean, got %s", name, luaerr.Describe(v))
	}
	return bool(b), nil
}

// Func reads v as a function.
func Func(v lua.LValue, name string) (*lua.LFunction, error) {
	fn, ok := v.(*lua.LFunction)
	if !ok {
		return nil, fmt.Errorf("%s must be a function, got %s", name, luaerr.Describe(v))
	}
	return fn, nil
}

// Table reads v as a table.
func Table(v lua.LValue, name string) (*lua.LTable, error) {
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, fmt.Errorf("%s must be a table, got %s", name, luaerr.Describe(v))
	}
	return t, nil
}

// Weights reads v as an array of whole numbers from 0 to MaxCount/1024-1
// (selection weights: their sum stays exact).
func Weights(v lua.LValue, name string) ([]int, error) {
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, fmt.Errorf("%s must be an array of integers, got %s", name, luaerr.Describe(v))
	}
	out := make([]int, 0, t.Len())
	for j := 1; j <= t.Len(); j++ {
		n, ok := t.RawGetInt(j).(lua.LNumber)
		if !ok || n < 0 || n >= MaxCount/1024 || lua.LNumber(int(n)) != n {
			return nil, fmt.Errorf("%s[%d] must be a whole number from 0 to %d, got %s", name, j, MaxCount/1024-1, luaerr.Describe(t.RawGetInt(j)))
		}
		out = append(out, int(n))
	}
	return out, nil
}

// ArgList writes vals as a script wrote them, comma separated, for errors
// about extra arguments ("takes no arguments, got 2 (5, \"x\")"):
// numbers as luaerr.Number writes them ("0.5", "math.huge"), strings
// quoted, nil and booleans as Lua prints them, anything else by its Lua
// type ("table", "function").
func ArgList(vals []lua.LValue) string {
	var b strings.Builder
	for i, v := range vals {
		if i > 0 {
			b.WriteString(", ")
		}
		switch x := v.(type) {
		case lua.LNumber:
			b.WriteString(luaerr.Number(float64(x)))
		case lua.LString:
			b.WriteString(strconv.Quote(string(x)))
		case lua.LBool, *lua.LNilType:
			b.WriteString(x.String())
		default:
			b.WriteString(x.Type().String())
		}
	}
	return b.String()
}
