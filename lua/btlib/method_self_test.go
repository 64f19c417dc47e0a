package btlib

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestMethodSelfAsGopherLua: obj:M() calls what obj.M is (a field read,
// which the hook leaves to gopher-lua) on built-in parents, the classes
// scripts derive from them, instances whose own field shadows a class
// method, plain tables with chains of __index tables or a Lua __index
// function, and strings; a missing method raises the same error either
// way.
func TestMethodSelfAsGopherLua(t *testing.T) {
	_, L, out := testLib(t)
	if err := L.DoString(`
local function probe(level) return function(self, x) return level .. ":" .. tostring(x) end end
BTTask.PTask = probe("BTTask")
BTParentTask.PParent = probe("BTParentTask")
BTComposite.PComposite = probe("BTComposite")
BTSequence.PSequence = probe("BTSequence")
MySeq = BTSequence:New()
MySeq.__index = MySeq
MySeq.PMine = probe("MySeq")
local shadow = BTSelector:New()
shadow.PComposite = probe("own")
local deep = setmetatable({}, { __index = setmetatable({ PTable = probe("inner") }, { __index = BTSequence }) })
local luaIndex = setmetatable({}, { __index = function(t, k) return probe("fn " .. k) end })
local objects = {
    { "seq", BTSequence:New() }, { "sel", BTSelector:New() }, { "rep", BTRepeater:New() },
    { "myseq", setmetatable({}, MySeq) }, { "myseqNew", MySeq:New() }, { "shadow", shadow },
    { "deep", deep }, { "luaIndex", luaIndex }, { "action", BTAction:New() },
}
local names = { "PTask", "PParent", "PComposite", "PSequence", "PMine", "PTable", "Missing" }
local viaSelf = {}
for _, m in ipairs(names) do
    viaSelf[m] = loadstring("local obj = ...; return obj:" .. m .. "(2)")
end
local function msg(e) return (tostring(e):gsub("^.-:%d+: ", "")) end
for _, o in ipairs(objects) do
    local obj = o[2]
    for _, m in ipairs(names) do
        local a, ra = pcall(function() local f = obj[m]; return f(obj, 2) end)
        local b, rb = pcall(viaSelf[m], obj)
        if not a then ra, rb = msg(ra), msg(rb) end
        if a ~= b or ra ~= rb then print(o[1], m, tostring(ra), tostring(rb)) end
    end
end
print(BTSequence:New():PComposite(3), shadow:PComposite(4), setmetatable({}, MySeq):PMine(5), deep:PTable(6), luaIndex:Any(7))
print(("abc"):upper(), BTSequence:New():GetPath())
`); err != nil {
		t.Fatal(err)
	}
	want := "BTComposite:3\town:4\tMySeq:5\tinner:6\tfn Any:7\nABC\tBTSequence\n"
	if got := out.String(); got != want {
		t.Errorf("output:\n%s\nwant:\n%s", got, want)
	}
}

// TestMethodSelfNoGoCall: a method call on a task of a built-in parent
// class looks the method up without calling the class's __index function
// (which boxes the method name: an allocation a call).
func TestMethodSelfNoGoCall(t *testing.T) {
	_, L, _ := testLib(t)
	if err := L.DoString(`
Seq = BTSequence:New()
function Probe(s)
    s:IsStarted() s:IsStarted() s:IsStarted() s:IsStarted() s:IsStarted()
    s:IsStarted() s:IsStarted() s:IsStarted() s:IsStarted() s:IsStarted()
    s:GetStatus() s:GetStatus() s:GetStatus() s:GetStatus() s:GetStatus()
    s:GetStatus() s:GetStatus() s:GetStatus() s:GetStatus() s:GetStatus()
end`); err != nil {
		t.Fatal(err)
	}
	probe, seq := L.GetGlobal("Probe"), L.GetGlobal("Seq")
	allocs := testing.AllocsPerRun(20, func() {
		if err := L.CallByParam(lua.P{Fn: probe, NRet: 0, Protect: true}, seq); err != nil {
			t.Fatal(err)
		}
	})
	if allocs >= 5 {
		t.Errorf("20 method calls on a BTSequence allocate %.0f times, want under 5", allocs)
	}
}
