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

// pairs and ipairs call __pairs and __ipairs (Lua 5.2), and iterate plain
// tables as before.
func TestIterationMetamethods(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	OpenIteration(L)
	err := L.DoString(`
local ud = setmetatable({}, {
    __pairs = function(v) return function(_, k) if not k then return "a", 1 end end, v, nil end,
    __ipairs = function(v) return function(_, i) if i < 2 then return i + 1, "x" end end, v, 0 end,
})
local got = {}
for k, v in pairs(ud) do got[#got + 1] = k .. "=" .. v end
for i, v in ipairs(ud) do got[#got + 1] = i .. "=" .. v end
for k, v in pairs({ b = 2 }) do got[#got + 1] = k .. "=" .. v end
for i, v in ipairs({ "y" }) do got[#got + 1] = i .. "=" .. v end
assert(table.concat(got, ",") == "a=1,1=x,2=x,b=2,1=y", table.concat(got, ","))
local ok, msg = pcall(ipairs, 5)
assert(not ok and msg:find("table expected"), msg)
`)
	if err != nil {
		t.Fatal(err)
	}
}
