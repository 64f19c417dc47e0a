package liblimits

import (
	"math"
	"strconv"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// This file wraps os.time and os.date, whose gopher-lua versions convert
// any number to a Go int and return silently wrong values for times out
// of range (os.time{year = 2^40} a wrapped-around number, os.date("%c",
// 1e308) a date of 1996):
//
//   - os.time(t) raises PUC Lua 5.1's "field 'day' missing in date table"
//     for a missing day, month or year, and "field 'year' is
//     out-of-bound" (Lua 5.3's words: 5.1 has no defined answer, its C
//     code overflows) for a field that does not fit a C int (the year
//     less 1900 for the year), so every result is an exact time;
//   - os.date refuses a format over maxDateFormat (chunks.go), as
//     its conversions run in Go code no budget stops;
//   - os.date(format, t) returns nil, as PUC Lua 5.1 does when the C
//     library cannot represent t, for a t that is not finite or whose
//     year less 1900 does not fit a C int.

// dateFields are the fields os.time reads, in PUC Lua 5.1's order, and
// whether each is required.
var dateFields = []struct {
	name     string
	required bool
}{{"sec", false}, {"min", false}, {"hour", false}, {"day", true}, {"month", true}, {"year", true}}

// CheckTime wraps os.time and os.date with the checks above.
func CheckTime(L *lua.LState) {
	os, ok := L.GetGlobal("os").(*lua.LTable)
	if !ok {
		return
	}
	if tm, ok := os.RawGetString("time").(*lua.LFunction); ok {
		os.RawSetString("time", L.NewFunction(func(L *lua.LState) int {
			if t, ok := L.Get(1).(*lua.LTable); ok {
				checkDateTable(L, t)
			}
			return callOriginal(L, tm)
		}))
	}
	if date, ok := os.RawGetString("date").(*lua.LFunction); ok {
		os.RawSetString("date", L.NewFunction(func(L *lua.LState) int {
			if f, ok := L.Get(1).(lua.LString); ok && len(f) > maxDateFormat {
				L.RaiseError("bad argument #1 to 'date' (format of %s, over the %s os.date takes)", bytesText(float64(len(f))), bytesText(maxDateFormat))
			}
			if L.GetTop() >= 2 {
				utc := strings.HasPrefix(L.OptString(1, "%c"), "!")
				if !representable(float64(L.CheckNumber(2)), utc) {
					L.Push(lua.LNil)
					return 1
				}
			}
			return callOriginal(L, date)
		}))
	}
}

// checkDateTable raises os.time's error for a missing or out-of-range
// field of t.
func checkDateTable(L *lua.LState, t *lua.LTable) {
	for _, f := range dateFields {
		v, ok := dateNumber(t.RawGetString(f.name))
		if !ok {
			if f.required {
				L.RaiseError("field '%s' missing in date table", f.name)
			}
			continue
		}
		if f.name == "year" {
			v -= 1900
		}
		if math.IsNaN(v) || v < math.MinInt32 || v >= math.MaxInt32+1 {
			L.RaiseError("field '%s' is out-of-bound", f.name)
		}
	}
}

// dateNumber is v as a number, as os.time reads a field: a number or a
// string that converts to one.
func dateNumber(v lua.LValue) (float64, bool) {
	switch v := v.(type) {
	case lua.LNumber:
		return float64(v), true
	case lua.LString:
		s := strings.TrimSpace(string(v))
		if n, err := strconv.ParseFloat(s, 64); err == nil {
			return n, true
		}
		if n, err := strconv.ParseInt(s, 0, 64); err == nil {
			return float64(n), true
		}
	}
	return 0, false
}

// representable reports whether the time t (seconds since the epoch)
// has a year whose difference to 1900 fits a C int, in UTC or local time.
func representable(t float64, utc bool) bool {
	if math.IsNaN(t) || math.Abs(t) > 1<<62 {
		return false
	}
	tm := time.Unix(int64(t), 0)
	if utc {
		tm = tm.UTC()
	}
	y := int64(tm.Year()) - 1900
	return y >= math.MinInt32 && y <= math.MaxInt32
}

// callOriginal calls fn with L's arguments and returns its one result.
func callOriginal(L *lua.LState, fn *lua.LFunction) int {
	top := L.GetTop()
	L.Push(fn)
	for n := 1; n <= top; n++ {
		L.Push(L.Get(n))
	}
	L.Call(top, 1)
	return 1
}
