package luaclass

import (
	"unsafe"

	"testing"

	lua "github.com/yuin/gopher-lua"
)

// fastWriteCases writes fields every way a script does (constant names
// and names in registers; present, new and deleted keys; tables with a
// __newindex function or table, an __index chain, a proxy) and returns
// what it saw: each table's fields in pairs order, and the __newindex
// calls.
const fastWriteCases = `
local log = {}
local function dump(name, t)
  local parts = {}
  for k, v in pairs(t) do parts[#parts + 1] = tostring(k) .. "=" .. ((type(v) == "table" or type(v) == "function") and type(v) or tostring(v)) end
  log[#log + 1] = name .. ": " .. table.concat(parts, " ")
end
local o = { a = 1, b = 2 }
o.a = 10; o.c = 3; o.b = nil; o.b = 20; o.a = o.a + 1
local k = "c"; o[k] = 30; k = "d"; o[k] = 4; o[k] = nil; o[k] = 40; o[1] = "one"; o[1] = "uno"
dump("o", o)
local seen = {}
local m = setmetatable({ x = 1 }, { __newindex = function(t, key, v) seen[#seen + 1] = key .. "=" .. tostring(v); rawset(t, key, v) end })
m.x = 2; m.y = 3; m.y = 4; local n = "x"; m[n] = 5; n = "z"; m[n] = 6; m[n] = 7
dump("m", m)
log[#log + 1] = "newindex: " .. table.concat(seen, " ")
local store = {}
local p = setmetatable({ own = 1 }, { __newindex = store, __index = store })
p.own = 2; p.far = 3; p.far = 4; p.own = nil; p.own = 5
dump("p", p); dump("store", store)
local base = { shared = 1 }
base.__index = base
local inst = setmetatable({}, base)
inst.shared = 2; base.shared = 3
dump("inst", inst); dump("base", base)
local Class = { Act = function() return "class" end }
Class.__index = Class
local obj = setmetatable({ hp = 1 }, Class)
log[#log + 1] = "act: " .. obj:Act()
obj.Act = function() return "own" end; log[#log + 1] = "act: " .. obj:Act()
obj.Act = function() return "own again" end; log[#log + 1] = "act: " .. obj:Act()
obj.Act = nil; log[#log + 1] = "act: " .. obj:Act()
obj.hp = obj.hp - 1; obj.Act = function() return "back" end; log[#log + 1] = "act: " .. obj:Act()
dump("obj", obj); dump("Class", Class)
for i = 1, 50 do o.a = i; o["k" .. (i % 7)] = i end
dump("o2", o)
return table.concat(log, "\n")
`

// runFastWriteCases runs fastWriteCases in a fresh state.
func runFastWriteCases(t *testing.T) string {
	t.Helper()
	L := lua.NewState()
	defer L.Close()
	if err := L.DoString(fastWriteCases); err != nil {
		t.Fatal(err)
	}
	return L.Get(-1).String()
}

// The hooked SETTABLE and SETTABLEKS (fastWrite for fields a table holds
// already) leave every table as gopher-lua's own instructions do: the
// same fields in the same pairs order, the same __newindex calls.
func TestFastWriteMatchesGopherLua(t *testing.T) {
	hooked := [2]func(L *lua.LState, inst uint32, baseframe unsafe.Pointer) int{
		luaJumpTable[lua.OP_SETTABLE], luaJumpTable[lua.OP_SETTABLEKS]}
	if setTableOrig[0] == nil || setTableOrig[1] == nil {
		t.Fatal("the write hooks are not installed (gopher-lua's layout is not known)")
	}
	got := runFastWriteCases(t)
	luaJumpTable[lua.OP_SETTABLE], luaJumpTable[lua.OP_SETTABLEKS] = setTableOrig[0], setTableOrig[1]
	want := runFastWriteCases(t)
	luaJumpTable[lua.OP_SETTABLE], luaJumpTable[lua.OP_SETTABLEKS] = hooked[0], hooked[1]
	if got != want {
		t.Fatalf("with the hooks:\n%s\ngopher-lua:\n%s", got, want)
	}
}

// A field SetUnlisted stored is listed by a script's writes with the
// hooks as without them (its name is watched: never fastWrite's).
func TestFastWriteUnlisted(t *testing.T) {
	run := func() string {
		L := lua.NewState()
		defer L.Close()
		tbl := L.NewTable()
		tbl.RawSetString("shown", lua.LNumber(1))
		SetUnlisted(tbl, "hidden", lua.LNumber(2))
		L.SetGlobal("t", tbl)
		if err := L.DoString(`local before = {} for k in pairs(t) do before[#before + 1] = k end
t.hidden = 3; t.hidden = 4
local after = {} for k, v in pairs(t) do after[#after + 1] = k .. "=" .. v end
return table.concat(before, " ") .. " | " .. table.concat(after, " ")`); err != nil {
			t.Fatal(err)
		}
		return L.Get(-1).String()
	}
	got := run()
	hooked := [2]func(L *lua.LState, inst uint32, baseframe unsafe.Pointer) int{
		luaJumpTable[lua.OP_SETTABLE], luaJumpTable[lua.OP_SETTABLEKS]}
	luaJumpTable[lua.OP_SETTABLE], luaJumpTable[lua.OP_SETTABLEKS] = setTableOrig[0], setTableOrig[1]
	want := run()
	luaJumpTable[lua.OP_SETTABLE], luaJumpTable[lua.OP_SETTABLEKS] = hooked[0], hooked[1]
	if got != want || got != "shown | shown=1 hidden=4" {
		t.Fatalf("with the hooks %q, gopher-lua %q, want %q", got, want, "shown | shown=1 hidden=4")
	}
}

// fastWrite sets only a present field to a value that is not nil.
func TestFastWriteOnlyPresent(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	tbl := L.NewTable()
	if fastWrite(tbl, "a", lua.LNumber(1)) {
		t.Fatal("fastWrite wrote a key the table does not hold")
	}
	tbl.RawSetString("a", lua.LNumber(1))
	if fastWrite(tbl, "a", lua.LNil) {
		t.Fatal("fastWrite deleted a key")
	}
	if !fastWrite(tbl, "a", lua.LNumber(2)) || tbl.RawGetString("a") != lua.LNumber(2) {
		t.Fatalf("fastWrite of a present key: a = %v, want 2", tbl.RawGetString("a"))
	}
}
