package btlib

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// luaPreconditionNew is bt.lua's BTPrecondition:New in Lua, the
// reference the constructor's Go form is checked against.
const luaPreconditionNew = `
local function LuaNew(self, x)
    local fn = x
    if type(x) == "table" then
        fn = x.fn
    end
    local o = { fn = fn }
    setmetatable(o, self)
    self.__index = self
    return o
end
`

// BTPrecondition:New and BTPreconditionNOT:New (and a class derived from
// them) make what bt.lua's Lua constructor makes: the same fields listed
// by pairs, the same metatable, the class's __index set, the function
// taken from a precondition given instead of a function (also through
// __index), and the same errors for a call without a class.
func TestPreconditionNewAsLua(t *testing.T) {
	_, L, out := testLib(t)
	if err := L.DoString(luaPreconditionNew + `
local f = function() return true end
local inherits = setmetatable({}, { __index = { fn = f } })
local function describe(o)
    local keys = {}
    for k, v in pairs(o) do keys[#keys + 1] = tostring(k) .. "=" .. (v == f and "f" or type(v)) end
    table.sort(keys)
    return table.concat(keys, ",") .. " mt=" .. tostring(getmetatable(o) and getmetatable(o).name)
end
local function run(class, x)
    local mine = class == "derived" and Derived or _G[class]
    local a_ok, a = pcall(mine.New, mine, x)
    local b_ok, b = pcall(LuaNew, mine, x)
    local a_s = a_ok and describe(a) or tostring(a)
    local b_s = b_ok and describe(b) or tostring(b)
    print(class, a_ok == b_ok and a_s == b_s, a_s, rawget(mine, "__index") == mine)
end
BTPrecondition.name, BTPreconditionNOT.name = "is", "not"
Derived = BTPreconditionNOT:New()
Derived.name = "derived"
for _, class in ipairs({ "BTPrecondition", "BTPreconditionNOT", "derived" }) do
    for _, x in ipairs({ "nil", "f", "pre", "inherits", "number" }) do
        local arg = ({ f = f, pre = BTPreconditionNOT:New(f), inherits = inherits, number = 7 })[x]
        run(class, arg)
    end
end
local ok1, e1 = pcall(BTPrecondition.New, nil, f)
local ok2, e2 = pcall(LuaNew, nil, f)
print(ok1, ok2, (e1:gsub("^.-:%d+: ", "")) == (e2:gsub("^.-:%d+: ", "")))
`); err != nil {
		t.Fatal(err)
	}
	want := `BTPrecondition	true	 mt=is	true
BTPrecondition	true	fn=f mt=is	true
BTPrecondition	true	fn=f mt=is	true
BTPrecondition	true	fn=f mt=is	true
BTPrecondition	true	fn=number mt=is	true
BTPreconditionNOT	true	 mt=not	true
BTPreconditionNOT	true	fn=f mt=not	true
BTPreconditionNOT	true	fn=f mt=not	true
BTPreconditionNOT	true	fn=f mt=not	true
BTPreconditionNOT	true	fn=number mt=not	true
derived	true	 mt=derived	true
derived	true	fn=f mt=derived	true
derived	true	fn=f mt=derived	true
derived	true	fn=f mt=derived	true
derived	true	fn=number mt=derived	true
false	false	true
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// BTPrecondition:New makes fewer allocations than bt.lua's Lua constructor
// (9: its call of type() among them): the warrior's agents make eight
// preconditions each (issue 9, build time).
func TestPreconditionNewAllocs(t *testing.T) {
	_, L, _ := testLib(t)
	if err := L.DoString(`F = function() return true end`); err != nil {
		t.Fatal(err)
	}
	class := L.GetGlobal("BTPreconditionNOT").(*lua.LTable)
	newFn := L.GetField(class, "New")
	f := L.GetGlobal("F")
	allocs := testing.AllocsPerRun(100, func() {
		if err := L.CallByParam(lua.P{Fn: newFn, NRet: 1, Protect: true}, class, f); err != nil {
			t.Fatal(err)
		}
		L.Pop(1)
	})
	if allocs > 8 {
		t.Errorf("BTPreconditionNOT:New(f) makes %v allocations, want at most 8", allocs)
	}
}
