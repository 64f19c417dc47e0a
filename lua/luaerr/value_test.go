package luaerr

import (
	"errors"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// Errors raised with values that are not strings carry the file and line
// of the raise and a rendering of the value that is the same on every run
// (no table addresses), through Stringify then From.
func TestStringifyNonStringErrors(t *testing.T) {
	cases := []struct{ raise, want string }{
		{`error({code = 42})`, `raise.lua:3: error raised with a table: {code = 42}`},
		{`error({})`, `raise.lua:3: error raised with a table: {}`},
		{`error({"a", 2, true, {x = 1}, print, b = "x y", [10] = 1, ["not id"] = 2})`,
			`raise.lua:3: error raised with a table: {"a", 2, true, {...}, a function, b = "x y", ["not id"] = 2, [10] = 1}`},
		{`error({1, 2, 3, 4, 5, 6, 7, 8, 9, 10})`, `raise.lua:3: error raised with a table: {1, 2, 3, 4, 5, 6, 7, 8, ...}`},
		{`error(nil)`, `raise.lua:3: error raised with nil`},
		{`error()`, `raise.lua:3: bad argument #1 to error (value expected)`},
		{`error(42)`, `raise.lua:3: error raised with 42 (a number)`},
		{`error(0.1 + 0.2)`, `raise.lua:3: error raised with 0.30000000000000004 (a number)`},
		{`error(false)`, `raise.lua:3: error raised with false (a boolean)`},
		{`error(setmetatable({}, {__tostring = function() return "out of arrows" end}))`,
			`raise.lua:3: error raised with a table: out of arrows`},
		{`error(setmetatable({}, {__tostring = function() error("inner") end}))`,
			`raise.lua:3: error raised with a table: (its __tostring failed)`},
		{`error(setmetatable({}, {__tostring = function() return {} end}))`,
			`raise.lua:3: error raised with a table: (its __tostring failed)`},
		{`error(function() end)`, `raise.lua:3: error raised with a function defined at raise.lua:3`},
		{`error("plain")`, `raise.lua:3: plain`},
	}
	for _, c := range cases {
		t.Run(c.raise, func(t *testing.T) {
			L := lua.NewState()
			defer L.Close()
			src := "local function f()\n  local x = 1\n  " + c.raise + "\nend\nf()\n"
			fn, err := L.LoadString(src)
			if err != nil {
				t.Fatal(err)
			}
			fn.Proto.SourceName = "raise.lua"
			renameProtos(fn.Proto)
			L.Push(fn)
			err = L.PCall(0, 0, nil)
			got := From(Stringify(L, err), "T/A[0]")
			var e *Error
			if !errors.As(got, &e) {
				t.Fatalf("From = %T %v", got, got)
			}
			if e.Error() != c.want+" (task T/A[0])" {
				t.Errorf("error = %q\nwant    %q", e.Error(), c.want+" (task T/A[0])")
			}
		})
	}
}

// renameProtos names every nested function's chunk as its parent's.
func renameProtos(p *lua.FunctionProto) {
	for _, q := range p.FunctionPrototypes {
		q.SourceName = p.SourceName
		renameProtos(q)
	}
}
