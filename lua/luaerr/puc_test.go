package luaerr

import (
	"errors"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// The runtime errors gopher-lua words in its own way read as PUC Lua 5.1
// words them (each want is what lua5.1 prints for the same chunk), the
// value named as PUC names it when the bytecode tells (local, global,
// field, method, upvalue).
func TestWordLikePUC(t *testing.T) {
	cases := []struct{ src, want string }{
		{`local x = nil; return #x`, `attempt to get length of local 'x' (a nil value)`},
		{`local t = {}; return #t.f`, `attempt to get length of field 'f' (a nil value)`},
		{`return #undefinedglobal`, `attempt to get length of global 'undefinedglobal' (a nil value)`},
		{`local n = 3; return #n`, `attempt to get length of local 'n' (a number value)`},
		{`local u; local function f() return #u end f()`, `attempt to get length of upvalue 'u' (a nil value)`},
		{`local t = {}; return t.a + 1`, `attempt to perform arithmetic on field 'a' (a nil value)`},
		{`local x; return x + 1`, `attempt to perform arithmetic on local 'x' (a nil value)`},
		{`return g + 1`, `attempt to perform arithmetic on global 'g' (a nil value)`},
		{`local s = "x"; return s * 2`, `attempt to perform arithmetic on local 's' (a string value)`},
		{`local s = "10"; return s + nil`, `attempt to perform arithmetic on a nil value`},
		{`local x = {}; return -x`, `attempt to perform arithmetic on local 'x' (a table value)`},
		{`local t = {}; t:nomethod()`, `attempt to call method 'nomethod' (a nil value)`},
		{`local t = {}; t.f()`, `attempt to call field 'f' (a nil value)`},
		{`local x; x()`, `attempt to call local 'x' (a nil value)`},
		{`undefinedfn()`, `attempt to call global 'undefinedfn' (a nil value)`},
		{`local x = {}; return "a" .. x`, `attempt to concatenate local 'x' (a table value)`},
		{`local t = {}; return t.a .. "x"`, `attempt to concatenate field 'a' (a nil value)`},
		{`local x; return x.y`, `attempt to index local 'x' (a nil value)`},
		{`local t = {}; return t.a.b`, `attempt to index field 'a' (a nil value)`},
		{`local t = {}; t.a.b = 1`, `attempt to index field 'a' (a nil value)`},
		{`local s = ""; (s .. "").x = 1`, `attempt to index a string value (key 'x')`},
		{`local t = {}; return {} < {}`, `attempt to compare two table values`},
		{`local x; return 1 < x`, `attempt to compare number with nil`},
		{`for i = nil, 2 do end`, `'for' initial value must be a number`},
		{`local x = 1; for i = x, nil do end`, `'for' limit must be a number`},
		{`for i = 1, 2, {} do end`, `'for' step must be a number`},
		{`local s = string.rep()`, `bad argument #1 to 'rep' (string expected, got no value)`},
		{`local s = string.rep(nil, 2)`, `bad argument #1 to 'rep' (string expected, got nil)`},
		{`local n = math.floor("a")`, `bad argument #1 to 'floor' (number expected, got string)`},
		{`local n = tonumber()`, `bad argument #1 to 'tonumber' (value expected)`},
		// Two lengths on the line, both of nil locals: the first, which
		// raised (the frame's instruction tells), as PUC says.
		{`local a, b; return #a + #b`, `attempt to get length of local 'a' (a nil value)`},
		{`error("__len undefined")`, `__len undefined`},
		{`error("two\nlines")`, "two\nlines"},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			L := lua.NewState()
			defer L.Close()
			fn, err := L.LoadString(c.src)
			if err != nil {
				t.Fatal(err)
			}
			fn.Proto.SourceName = "puc.lua"
			renameProtos(fn.Proto)
			L.Push(L.NewFunction(func(L *lua.LState) int {
				WordLikePUC(L)
				L.Push(fn)
				L.Call(0, 0)
				return 0
			}))
			err = From(L.PCall(0, 0, nil), "")
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("From = %T %v", err, err)
			}
			if want := "puc.lua:1: " + c.want; e.Error() != want {
				t.Errorf("error = %q\nwant    %q", e.Error(), want)
			}
		})
	}
}

// Outside a protected call that WordLikePUC hooked (a pcall in the
// script), the message is gopher-lua's: pcall hands it to the script as it
// was raised.
func TestWordLikePUCLeavesPcall(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	L.Push(L.NewFunction(func(L *lua.LState) int {
		WordLikePUC(L)
		if err := L.DoString(`local ok, msg = pcall(function() local x; return #x end) caught = msg`); err != nil {
			L.RaiseError("%v", err)
		}
		return 0
	}))
	if err := L.PCall(0, 0, nil); err != nil {
		t.Fatal(err)
	}
	if got := L.GetGlobal("caught").String(); got != `<string>:1: __len undefined` {
		t.Errorf("pcall's message = %q", got)
	}
}
