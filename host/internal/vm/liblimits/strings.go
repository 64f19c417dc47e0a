package liblimits

import (
	"math"

	"github.com/btlua/btlua/host/internal/budget"
	"github.com/btlua/btlua/lua/luapattern"
	lua "github.com/yuin/gopher-lua"
)

// This file caps the string functions that build a string in one Go
// call at the host's maximum string size (its Options.MaxStringSize).

// LimitStrings wraps string.rep of L so that a result over max bytes raises a
// Lua error instead of allocating it (string.rep("x", 2^32) would take
// the process down with Go's fatal out-of-memory error), and installs the
// pattern functions of lua/luapattern (PUC Lua 5.1's matcher, polling the
// CPU budget; gsub's result capped at max too), and caps table.concat
// (limitConcat), string.format (limitFormat, string_format.go) and the ..
// operator (capConcat, hooks.go). max is in bytes, < 0 for no cap.
func LimitStrings(L *lua.LState, max int64) {
	if max < 0 {
		luapattern.Open(L, luapattern.Options{})
		limitFormat(L, -1)
		return
	}
	luapattern.Open(L, luapattern.Options{MaxSize: max})
	limitConcat(L, max)
	limitFormat(L, max)
	capConcat(L, max)
	str, ok := L.GetGlobal("string").(*lua.LTable)
	if !ok {
		return
	}
	rep, ok := str.RawGetString("rep").(*lua.LFunction)
	if !ok {
		return
	}
	str.RawSetString("rep", L.NewFunction(func(L *lua.LState) int {
		s := L.CheckString(1)
		n := float64(L.CheckNumber(2))
		if size := float64(len(s)) * math.Floor(n); size > float64(max) {
			L.RaiseError("string.rep: the result would be %s, over the maximum string size of %s", bytesText(size), bytesText(float64(max)))
		}
		L.Push(rep)
		L.Push(L.Get(1))
		L.Push(L.Get(2))
		L.Call(2, 1)
		return 1
	}))
}

// limitConcat wraps table.concat so that a result over max bytes raises a
// Lua error instead of allocating it. It adds up the lengths first, up to
// the first value that is neither a string nor a number (where the
// original raises its own error). The .. operator has the same cap (see
// hooks.go).
func limitConcat(L *lua.LState, max int64) {
	tbl, ok := L.GetGlobal("table").(*lua.LTable)
	if !ok {
		return
	}
	concat, ok := tbl.RawGetString("concat").(*lua.LFunction)
	if !ok {
		return
	}
	tbl.RawSetString("concat", L.NewFunction(func(L *lua.LState) int {
		t := L.CheckTable(1)
		sep := L.OptString(2, "")
		i, j := L.OptInt(3, 1), L.OptInt(4, t.Len())
		var size int64
		for k := i; k <= j; k++ {
			v := t.RawGetInt(k)
			if v.Type() != lua.LTString && v.Type() != lua.LTNumber {
				break
			}
			size += int64(len(lua.LVAsString(v)))
			if k < j {
				size += int64(len(sep))
			}
			if size > max {
				L.RaiseError("table.concat: the result would be %s, over the maximum string size of %s", concatSize(t, sep, k, i, j, size), bytesText(float64(max)))
			}
		}
		top := L.GetTop()
		L.Push(concat)
		for n := 1; n <= top; n++ {
			L.Push(L.Get(n))
		}
		L.Call(top, 1)
		return 1
	}))
}

// concatSize is the size table.concat's result would have: size, counted
// up to index k, plus the rest from k+1 to j when that is short to count
// (at least size otherwise: "over 1 GiB").
func concatSize(t *lua.LTable, sep string, k, i, j int, size int64) string {
	const countMax = 1 << 16
	if j-k > countMax {
		return "over " + bytesText(float64(size))
	}
	for k++; k <= j; k++ {
		size += int64(len(lua.LVAsString(t.RawGetInt(k))))
		if k < j {
			size += int64(len(sep))
		}
	}
	return bytesText(float64(size))
}

// bytesText formats a size in bytes for messages ("64 MiB", "4 GiB").
func bytesText(n float64) string { return budget.BytesText(n) }
