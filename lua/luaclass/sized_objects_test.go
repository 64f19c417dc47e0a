package luaclass

import (
	"runtime"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// An object made in the class style ({}, setmetatable, then its fields)
// gets a string map sized for its fields, not gopher-lua's 32-entry
// default (about 2.2 KB that the first field would allocate).
func TestSizeObjectsSmallMap(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	SizeObjects(L)
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	if err := L.DoString(`C = {}; C.__index = C; objs = {}`); err != nil {
		t.Fatal(err)
	}
	h0 := heap()
	const n = 1000
	if err := L.DoString(`
for i = 1, 1000 do
    local o = {}
    setmetatable(o, C)
    o.name = "o"
    objs[i] = o
end`); err != nil {
		t.Fatal(err)
	}
	h1 := heap()
	if per := (int64(h1) - int64(h0)) / n; per > 1000 {
		t.Errorf("an object with one field takes %d bytes, want at most 1000 (not gopher-lua's 32-entry map)", per)
	}
	runtime.KeepAlive(L)
}

// setmetatable keeps its results, its errors and what the object holds
// and lists: the same script gives the same output with and without
// SizeObjects.
func TestSizeObjectsSameBehaviour(t *testing.T) {
	const script = `
local out = {}
local function try(f)
    local ok, err = pcall(f)
    out[#out + 1] = tostring(ok) .. " " .. tostring(err)
end
local C = { __index = { kind = "c" } }
local o = {}
local r = setmetatable(o, C)
out[#out + 1] = tostring(r == o) .. " " .. o.kind .. " " .. tostring(getmetatable(o) == C)
o.b = 2; o.a = 1; o[1] = "x"; o.b = nil
for k, v in pairs(o) do out[#out + 1] = tostring(k) .. "=" .. tostring(v) end
local empty = setmetatable({}, C)
out[#out + 1] = tostring(next(empty))
local arr = setmetatable({ 1, 2 }, C)
for k, v in pairs(arr) do out[#out + 1] = tostring(k) .. "=" .. tostring(v) end
try(function() setmetatable(nil, C) end)
try(function() setmetatable({}, 1) end)
try(function() setmetatable(setmetatable({}, { __metatable = "locked" }), C) end)
try(function() setmetatable() end)
out[#out + 1] = tostring(getmetatable(setmetatable(o, nil)))
result = table.concat(out, "\n")`
	run := func(sized bool) string {
		L := lua.NewState()
		defer L.Close()
		if sized {
			SizeObjects(L)
		}
		if err := L.DoString(script); err != nil {
			t.Fatal(err)
		}
		return L.GetGlobal("result").String()
	}
	want, got := run(false), run(true)
	if got != want {
		t.Errorf("with SizeObjects:\n%s\nwithout:\n%s", got, want)
	}
	if want == "" {
		t.Fatal("no output")
	}
}
