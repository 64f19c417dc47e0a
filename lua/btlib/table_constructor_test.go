package btlib

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestSetListSized: a table constructor ending in a call gets an array
// sized for what it holds, not gopher-lua's 32 slots, and holds what
// gopher-lua stores: values, holes from nil results, the length, the
// order of ipairs and pairs, and later appends.
func TestSetListSized(t *testing.T) {
	if !arrayOK {
		t.Fatal("gopher-lua's LTable has no array []lua.LValue: table constructors are not sized")
	}
	L := lua.NewState()
	defer L.Close()
	if err := L.DoString(`
local function three() return "a", "b", "c" end
local function none() end
local function holes() return 1, nil, 3 end
One = { three() }
Mixed = { "x", three() }
Empty = { none() }
Holes = { holes() }
Keyed = { k = 1, three() }
Grown = { three() }; Grown[#Grown + 1] = "d"; table.insert(Grown, 1, "z")
local parts = {}
for _, name in ipairs({ "One", "Mixed", "Empty", "Holes", "Keyed", "Grown" }) do
    local t, s = _G[name], {}
    for k, v in pairs(t) do s[#s + 1] = tostring(k) .. "=" .. tostring(v) end
    parts[#parts + 1] = name .. "#" .. #t .. ":" .. table.concat(s, ",")
end
Got = table.concat(parts, " ")`); err != nil {
		t.Fatal(err)
	}
	want := "One#3:1=a,2=b,3=c Mixed#4:1=x,2=a,3=b,4=c Empty#0: Holes#3:1=1,3=3 Keyed#3:1=a,2=b,3=c,k=1 Grown#5:1=z,2=a,3=b,4=c,5=d"
	if got := L.GetGlobal("Got").String(); got != want {
		t.Fatalf("tables:\n%s\nwant\n%s", got, want)
	}
	for _, name := range []string{"One", "Holes", "Keyed"} {
		if got := cap(*arrayOf(L.GetGlobal(name).(*lua.LTable))); got != 3 {
			t.Errorf("%s: array capacity %d, want 3", name, got)
		}
	}
	if p := *arrayOf(L.GetGlobal("Empty").(*lua.LTable)); p != nil {
		t.Errorf("Empty: array %v (capacity %d), want none", p, cap(p))
	}
}
