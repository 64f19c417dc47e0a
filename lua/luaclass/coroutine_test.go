package luaclass

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// A coroutine starts with its arguments, resumes without them, starts
// again after it returned, and once closed while suspended it is dead for
// Lua too.
func TestCoroutineRunner(t *testing.T) {
	L := run(t, `
log = {}
function body(x)
    held = coroutine.running()
    log[#log + 1] = "start " .. tostring(x)
    coroutine.yield(1)
    log[#log + 1] = "resumed"
    return 2
end
`)
	st := For(L)
	c := NewCoroutine(L.GetGlobal("body").(*lua.LFunction))
	step := func(wantYield bool, want lua.LValue) {
		t.Helper()
		y, vals, err := st.Resume(c, lua.LString("a"))
		if err != nil || y != wantYield || len(vals) != 1 || vals[0] != want {
			t.Fatalf("Resume = %v %v %v, want %v %v", y, vals, err, wantYield, want)
		}
	}
	step(true, lua.LNumber(1))
	if !c.Suspended() {
		t.Error("not suspended after a yield")
	}
	step(false, lua.LNumber(2))
	step(true, lua.LNumber(1))
	c.Close()
	if c.Suspended() {
		t.Error("suspended after Close")
	}
	if err := L.DoString(`assert(coroutine.status(held) == "dead", coroutine.status(held))
assert(table.concat(log, ",") == "start a,resumed,start a", table.concat(log, ","))`); err != nil {
		t.Error(err)
	}
}
