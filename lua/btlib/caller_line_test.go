package btlib

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestCallerLineCached: the cached caller line is L.Where's, for calls
// from different lines, the same line again (a loop), a tail call, a
// method call, a coroutine, pcall and a call from Go.
func TestCallerLineCached(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	var c lineCache
	var got []string
	L.SetGlobal("here", L.NewFunction(func(L *lua.LState) int {
		cached, want := c.callerLineOf(L), callerLine(L)
		if cached != want {
			t.Errorf("cached caller line %q, want %q", cached, want)
		}
		got = append(got, cached)
		return 0
	}))
	if err := L.DoString(`
here()
for i = 1, 3 do
  here()
end
local function tail() return here() end
tail() tail()
local o = { here = here }
o:here()
local co = coroutine.wrap(function() here() here() end)
co()
pcall(here)
`); err != nil {
		t.Fatal(err)
	}
	if err := L.CallByParam(lua.P{Fn: L.GetGlobal("here"), Protect: true}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 11 || got[0] != "<string>:2" || got[1] != "<string>:4" || got[3] != "<string>:4" || got[9] != "" || got[10] != "" {
		t.Errorf("caller lines %q", got)
	}
	if !frameLinks.ok || !vmLayout.ok {
		t.Fatal("gopher-lua's callFrame has no Parent or Pc field of the expected type: the cache is off")
	}
	if len(c) == 0 {
		t.Error("nothing was cached")
	}
}
