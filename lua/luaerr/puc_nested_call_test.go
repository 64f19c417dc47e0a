package luaerr

import (
	"errors"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// A call that fails after other calls on its line ran (its arguments
// hold their results) names the function it calls, as PUC Lua 5.1 does:
// the failing instruction is the frame's own, not any call of the line.
func TestWordLikePUCNamesCallAmongNestedCalls(t *testing.T) {
	cases := []struct{ src, want string }{
		{`local t = {} t:Nope(tostring(1))`, `attempt to call method 'Nope' (a nil value)`},
		{`local t = {} t:Nope(1)`, `attempt to call method 'Nope' (a nil value)`},
		{`BTLog = {New = function(_, s) return s end} local t = {} t:SetStartTsk(BTLog:New("x"))`,
			`attempt to call method 'SetStartTsk' (a nil value)`},
		// The inner call fails first: its name, not the outer one's.
		{`local t = {} t:Nope(nothing(1))`, `attempt to call global 'nothing' (a nil value)`},
		// The argument's result is nil too: still the call that failed.
		{`local function f() end local t = {} t:Nope(f())`, `attempt to call method 'Nope' (a nil value)`},
		{`local g = nil print(tostring(1), g())`, `attempt to call local 'g' (a nil value)`},
		// In a coroutine, after a call on the line (print's nil result).
		{`coroutine.wrap(function() local y=nil; print(1); y() end)()`, `attempt to call local 'y' (a nil value)`},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			L := lua.NewState()
			defer L.Close()
			L.SetGlobal("print", L.NewFunction(func(*lua.LState) int { return 0 }))
			fn, err := L.LoadString(c.src)
			if err != nil {
				t.Fatal(err)
			}
			fn.Proto.SourceName = "puc.lua"
			renameProtos(fn.Proto)
			L.Push(fn)
			err = From(PCall(L, 0, 0), "")
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

// gopher-lua's frame still holds its instruction where currentPC reads
// it (lua.Debug.frame, callFrame.Pc): else the messages fall back to the
// line's operations, and an upgrade of gopher-lua must be looked at.
func TestFramePCIsReadable(t *testing.T) {
	if !framePCOK {
		t.Fatal("lua.Debug.frame.Pc not found: currentPC cannot read the erring instruction")
	}
}
