package luaerr

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// maxDumpEntries is how many entries of a table Raised shows before "...".
const maxDumpEntries = 8

// Raised describes v, the value of a Lua error raised with something
// other than a string, as "error raised with ..." in a text that is the
// same on every run, so that golden outputs can hold it:
//
//   - nil: "error raised with nil";
//   - a number or boolean: "error raised with 42 (a number)";
//   - a table or userdata with a __tostring metamethod: "error raised with
//     a table: TEXT", TEXT what __tostring returned (called protected; one
//     that fails or returns no string gives "(its __tostring failed)");
//   - another table: a short dump, "error raised with a table: {code = 42}"
//     (array part first, then the other keys sorted, nested tables as
//     {...}, functions as "a function", at most 8 entries then "...");
//   - a function: "error raised with a function defined at file:line".
//
// It never prints an address.
func Raised(L *lua.LState, v lua.LValue) string {
	switch x := v.(type) {
	case *lua.LNilType:
		return "error raised with nil"
	case lua.LString:
		return string(x)
	case *lua.LFunction:
		return "error raised with a function defined at " + Defined(x)
	case *lua.LTable, *lua.LUserData:
		if text, ok := viaToString(L, v); ok {
			return "error raised with " + Describe(v) + ": " + text
		}
		if t, ok := v.(*lua.LTable); ok {
			return "error raised with a table: " + dump(t)
		}
	}
	return "error raised with " + Describe(v)
}

// viaToString calls v's __tostring metamethod, protected. ok is false when
// v has none; a call that fails or returns no string gives a fixed text.
func viaToString(L *lua.LState, v lua.LValue) (text string, ok bool) {
	fn := L.GetMetaField(v, "__tostring")
	if fn == lua.LNil {
		return "", false
	}
	const failed = "(its __tostring failed)"
	if err := L.CallByParam(lua.P{Fn: fn, NRet: 1, Protect: true}, v); err != nil {
		return failed, true
	}
	ret := L.Get(-1)
	L.Pop(1)
	switch r := ret.(type) {
	case lua.LString:
		return string(r), true
	case lua.LNumber:
		return r.String(), true
	}
	return failed, true
}

// identRE matches a string key that Lua can write without brackets.
var identRE = lazyRE(`^[A-Za-z_][A-Za-z0-9_]*$`)

// dump renders t one level deep: "{1, "a", key = true, [2.5] = {...}}".
func dump(t *lua.LTable) string {
	var parts []string
	n := 0 // the array part: 1..n, none nil
	for v := t.RawGetInt(1); v != lua.LNil; v = t.RawGetInt(n + 1) {
		parts = append(parts, dumpValue(v))
		n++
	}
	type entry struct {
		key  lua.LValue
		text string
	}
	var rest []entry
	t.ForEach(func(k, v lua.LValue) {
		if num, ok := k.(lua.LNumber); ok && float64(num) >= 1 && float64(num) <= float64(n) && float64(num) == float64(int(num)) {
			return
		}
		rest = append(rest, entry{k, dumpKey(k) + " = " + dumpValue(v)})
	})
	// Identifier keys first, then the other strings, then numbers, then
	// the rest; each group in order.
	rank := func(k lua.LValue) int {
		switch x := k.(type) {
		case lua.LString:
			if identRE().MatchString(string(x)) {
				return 0
			}
			return 1
		case lua.LNumber:
			return 2
		}
		return 3
	}
	slices.SortFunc(rest, func(a, b entry) int {
		if c := cmp.Compare(rank(a.key), rank(b.key)); c != 0 {
			return c
		}
		if x, ok := a.key.(lua.LNumber); ok {
			return cmp.Compare(float64(x), float64(b.key.(lua.LNumber)))
		}
		return cmp.Compare(a.text, b.text)
	})
	for _, e := range rest {
		parts = append(parts, e.text)
	}
	if len(parts) > maxDumpEntries {
		parts = append(parts[:maxDumpEntries], "...")
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func dumpKey(k lua.LValue) string {
	if s, ok := k.(lua.LString); ok && identRE().MatchString(string(s)) {
		return string(s)
	}
	return "[" + dumpValue(k) + "]"
}

func dumpValue(v lua.LValue) string {
	switch x := v.(type) {
	case lua.LString:
		return fmt.Sprintf("%q", string(x))
	case lua.LNumber, lua.LBool, *lua.LNilType:
		return v.String()
	case *lua.LTable:
		return "{...}"
	}
	return "a " + v.Type().String()
}

// frameRE matches a Lua frame of a gopher-lua stack traceback:
// "\tscript.lua:12: in function <script.lua:10>".
var frameRE = lazyRE(`^\t(.+?):(\d+): in `)

// RaisedAt returns "file:line" of the innermost Lua function on a
// gopher-lua stack traceback (lua.ApiError.StackTrace), the Go functions
// ("[G]") skipped: for an error raised by error(v), the line of that call.
// It returns "" when the traceback has no Lua frame.
func RaisedAt(traceback string) string {
	for _, line := range strings.Split(traceback, "\n") {
		if strings.HasPrefix(line, "\t[G]") {
			continue
		}
		if m := frameRE().FindStringSubmatch(line); m != nil {
			return m[1] + ":" + m[2]
		}
	}
	return ""
}

// WhereRaised returns "file:line" of the innermost Lua function on th's
// call stack, or "" when it has none. After a coroutine (thread th) ended
// with an error, its frames are still there: this is where it raised.
func WhereRaised(th *lua.LState) string {
	for level := 0; ; level++ {
		if _, ok := th.GetStack(level); !ok {
			return ""
		}
		if w := th.Where(level); w != "" && !strings.HasPrefix(w, "[G]") {
			return strings.TrimSuffix(w, ":")
		}
	}
}
