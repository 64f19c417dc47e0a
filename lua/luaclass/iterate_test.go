package luaclass

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// ipairs iterates without allocating: gopher-lua's iterator boxes each
// index, a number, on the heap; building an agent's tree runs a few dozen
// ipairs steps (issue 9, build time).
func TestIpairsAllocs(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	OpenIteration(L)
	if err := L.DoString(`
List = {}
for i = 1, 100 do List[i] = i end
function Last(t) local last for _, v in ipairs(t) do last = v end return last end`); err != nil {
		t.Fatal(err)
	}
	last, list := L.GetGlobal("Last"), L.GetGlobal("List")
	allocs := testing.AllocsPerRun(20, func() {
		if err := L.CallByParam(lua.P{Fn: last, NRet: 1, Protect: true}, list); err != nil {
			t.Fatal(err)
		}
		if got := L.Get(-1); got != lua.LNumber(100) {
			t.Fatalf("last %v", got)
		}
		L.Pop(1)
	})
	if allocs != 0 {
		t.Errorf("ipairs over 100 items makes %v allocations, want 0", allocs)
	}
}

// ipairs answers and fails as gopher-lua's does: the same steps (stopping
// at the first nil, past the pre-boxed indexes too), the same iterator
// for every call, the same errors for a bad table or index given to the
// iterator.
func TestIpairsAsGopherLua(t *testing.T) {
	const script = `
local out = {}
local big = {}
for i = 1, 600 do big[i] = i * 2 end
local n, last = 0, nil
for i, v in ipairs(big) do n = n + 1; last = i .. ":" .. v end
out[#out + 1] = n .. " " .. last
for i, v in ipairs({ "a", "b", nil, "d" }) do out[#out + 1] = i .. "=" .. v end
for i, v in ipairs({ [0] = "z", [2] = "y" }) do out[#out + 1] = "never " .. i end
local f1, s, i0 = ipairs({})
local f2 = ipairs({ 1 })
out[#out + 1] = tostring(f1 == f2) .. " " .. tostring(i0) .. " " .. type(f1)
out[#out + 1] = table.concat({ f1({ "p", "q" }, 1) }, ",")
out[#out + 1] = select("#", f1({}, 0))
for _, bad in ipairs({ function() return f1(5, 0) end, function() return f1({}, "x") end, function() return f1({}) end }) do
    out[#out + 1] = select(2, pcall(bad))
end
result = table.concat(out, "\n")`
	run := func(open bool) string {
		L := lua.NewState()
		defer L.Close()
		if open {
			OpenIteration(L)
		}
		if err := L.DoString(script); err != nil {
			t.Fatal(err)
		}
		return L.GetGlobal("result").String()
	}
	want, got := run(false), run(true)
	if got != want {
		t.Errorf("with OpenIteration:\n%s\nwithout:\n%s", got, want)
	}
}
