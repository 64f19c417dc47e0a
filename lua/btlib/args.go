package btlib

import (
	"fmt"
	"github.com/btlua/btlua/lua/luaerr"
	"math"

	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// arg returns constructor argument i (0-based), or nil when absent.
func arg(args []lua.LValue, i int) lua.LValue {
	if i < len(args) {
		return args[i]
	}
	return lua.LNil
}

// optNumber reads argument i as a number, def when absent or nil.
func optNumber(args []lua.LValue, i int, name string, def float64) (float64, error) {
	switch v := arg(args, i).(type) {
	case *lua.LNilType:
		return def, nil
	case lua.LNumber:
		if f := float64(v); math.IsNaN(f) || math.IsInf(f, 0) {
			return 0, fmt.Errorf("%s must be a finite number, got %v", name, f)
		}
		return float64(v), nil
	default:
		return 0, fmt.Errorf("%s must be a number, got %s", name, luaerr.Describe(v))
	}
}

// maxCount bounds counts and weights, so that sums stay exact.
const maxCount = 1 << 31

// optCount reads argument i as a whole number in [0, 2^31), def when
// absent or nil.
func optCount(args []lua.LValue, i int, name string, def int) (int, error) {
	if arg(args, i) == lua.LNil {
		return def, nil
	}
	f, err := optNumber(args, i, name, 0)
	if err != nil {
		return 0, err
	}
	if f < 0 || f >= maxCount || f != math.Trunc(f) {
		return 0, fmt.Errorf("%s must be a whole number from 0 to %d, got %v", name, maxCount-1, f)
	}
	return int(f), nil
}

// optSeconds reads argument i as a duration in seconds (finite, >= 0),
// def when absent or nil.
func optSeconds(args []lua.LValue, i int, name string, def float64) (float64, error) {
	f, err := optNumber(args, i, name, def)
	if err == nil && f < 0 {
		err = fmt.Errorf("%s must not be negative, got %v", name, f)
	}
	return f, err
}

// needNumber reads argument i as a number that must be given and >= 0.
func needSeconds(args []lua.LValue, i int, name string) (float64, error) {
	if arg(args, i) == lua.LNil {
		return 0, fmt.Errorf("%s (seconds) is missing", name)
	}
	n, err := optNumber(args, i, name, 0)
	if err == nil && n < 0 {
		err = fmt.Errorf("%s must not be negative, got %v", name, n)
	}
	return n, err
}

// optFunc reads argument i as a function (nil when absent).
func optFunc(args []lua.LValue, i int, name string) (*lua.LFunction, error) {
	switch v := arg(args, i).(type) {
	case *lua.LNilType:
		return nil, nil
	case *lua.LFunction:
		return v, nil
	default:
		return nil, fmt.Errorf("%s must be a function, got %s", name, luaerr.Describe(v))
	}
}

// optStatus reads argument i as a BTTaskStatus (def when absent).
func optStatus(args []lua.LValue, i int, name string, def bt.Status) (bt.Status, error) {
	v := arg(args, i)
	if v == lua.LNil {
		return def, nil
	}
	if n, ok := v.(lua.LNumber); ok {
		if s := bt.Status(n); lua.LNumber(s) == n && (s == bt.Success || s == bt.Failure) {
			return s, nil
		}
	}
	return 0, fmt.Errorf("%s must be BTTaskStatus.Success or BTTaskStatus.Failure, got %s", name, luaerr.Describe(v))
}

// optWeights reads argument i as an array of non-negative integers.
func optWeights(args []lua.LValue, i int) ([]int, error) {
	switch v := arg(args, i).(type) {
	case *lua.LNilType:
		return nil, nil
	case *lua.LTable:
		out := make([]int, 0, v.Len())
		for j := 1; j <= v.Len(); j++ {
			n, ok := v.RawGetInt(j).(lua.LNumber)
			if !ok || n < 0 || n >= maxCount/1024 || lua.LNumber(int(n)) != n {
				return nil, fmt.Errorf("weights[%d] must be a whole number from 0 to %d, got %s", j, maxCount/1024-1, luaerr.Describe(v.RawGetInt(j)))
			}
			out = append(out, int(n))
		}
		return out, nil
	default:
		return nil, fmt.Errorf("weights must be an array of integers, got %s", luaerr.Describe(v))
	}
}
