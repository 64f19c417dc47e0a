package luaclass

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// type(v) answers without allocating (gopher-lua boxes the name string
// on each call; the warrior's tree builder calls it for every
// precondition) and as gopher-lua's does, errors included.
func TestTypeNames(t *testing.T) {
	const script = `
local out = {}
for _, v in ipairs({ 1, "s", true, {}, print, coroutine.create(function() end) }) do out[#out + 1] = type(v) end
out[#out + 1] = type(nil)
out[#out + 1] = select(2, pcall(type))
out[#out + 1] = tostring(type(1) == "number")
result = table.concat(out, " ")`
	run := func(open bool) (string, float64) {
		L := lua.NewState()
		defer L.Close()
		if open {
			OpenTypeNames(L)
		}
		if err := L.DoString(script); err != nil {
			t.Fatal(err)
		}
		typ, v := L.GetGlobal("type"), lua.LValue(lua.LTrue)
		allocs := testing.AllocsPerRun(20, func() {
			if err := L.CallByParam(lua.P{Fn: typ, NRet: 1, Protect: true}, v); err != nil {
				t.Fatal(err)
			}
			L.Pop(1)
		})
		return L.GetGlobal("result").String(), allocs
	}
	want, _ := run(false)
	got, allocs := run(true)
	if got != want {
		t.Errorf("with OpenTypeNames:\n%s\nwithout:\n%s", got, want)
	}
	if allocs != 0 {
		t.Errorf("type(true) makes %v allocations, want 0", allocs)
	}
}
