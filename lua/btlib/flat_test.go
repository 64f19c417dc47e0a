package btlib

import (
	"strings"
	"testing"

	"github.com/btlua/btlua/lua/luaclass"
	lua "github.com/yuin/gopher-lua"
)

// flatScript: Leaf derives Base derives BTAction; the tree runs
// luaclass.FlatMinTasks Leaf tasks (so that Leaf is flattened), and each
// tick the first one, inst, runs STEP(self), a global the test sets
// before the tick. rawraw(t, k) reads t's string field from Go, as
// gopher-lua's lookup does (it sees Flatten's copies); keys(t) lists
// pairs(t), sorted.
const flatScript = `
Base = BTAction:New()
function Base:Hello() return "base" end
Leaf = Base:New()
function Leaf:OnUpdate()
    if self == inst then STEP(self) end
    return BTTaskStatus.Running
end
function keys(t)
    local ks = {}
    for k in pairs(t) do ks[#ks + 1] = tostring(k) end
    table.sort(ks)
    return table.concat(ks, ",")
end
local all = BTParallel:New()
for i = 1, MIN do all:AddChild(Leaf:New()) end
inst = all:GetChild(1)
tree = BTBehaviorTree:New()
tree:SetStartTask(all)
`

// flatTicker runs flatScript and returns a function that runs code (which
// sets STEP), ticks the tree once through TickTrees (a batch: the copies
// are in place) and returns what the tick printed.
func flatTicker(t *testing.T) (func(code string) string, *lua.LState) {
	t.Helper()
	lib, L, out := testLib(t)
	L.SetGlobal("rawraw", L.NewFunction(func(L *lua.LState) int {
		L.Push(L.CheckTable(1).RawGetString(L.CheckString(2)))
		return 1
	}))
	L.SetGlobal("MIN", lua.LNumber(luaclass.FlatMinTasks))
	if err := L.DoString(flatScript); err != nil {
		t.Fatal(err)
	}
	tr, err := lib.TreeOf(L.GetGlobal("tree"))
	if err != nil {
		t.Fatal(err)
	}
	return func(code string) string {
		t.Helper()
		if err := L.DoString(code); err != nil {
			t.Fatal(err)
		}
		out.Reset()
		if err := lib.TickTrees([]*Tree{tr}, 0.1, nil); err != nil {
			t.Fatal(err)
		}
		if tr.Err != nil {
			t.Fatal(tr.Err)
		}
		return out.String()
	}, L
}

// While a batch ticks, a class holds the methods it inherits (one hop
// from the instance), and scripts see the classes as they wrote them:
// pairs and rawget list and find only the class's own fields, inside the
// batch as outside; after the batch the copies are gone.
func TestFlatCopiesUnseen(t *testing.T) {
	tick, L := flatTicker(t)
	if err := L.DoString(`OUTSIDE = keys(Leaf) .. " " .. keys(Base)`); err != nil {
		t.Fatal(err)
	}
	outside := lua.LVAsString(L.GetGlobal("OUTSIDE"))
	if outside != "OnUpdate,__index Hello,__index" {
		t.Fatalf("keys outside a batch: %q", outside)
	}
	// The first batch registers Leaf (its task's hooks are looked up).
	tick(`function STEP() end`)
	got := tick(`function STEP(self)
    print(rawraw(Leaf, "GetVariable") == BTTask.GetVariable, rawraw(Leaf, "Hello") == Base.Hello)
    print(rawget(Leaf, "GetVariable"), rawget(Leaf, "Hello"), rawget(Leaf, "OnUpdate") ~= nil)
    print(keys(Leaf) .. " " .. keys(Base))
    print(self:Hello(), self:GetVariable("nothing"))
end`)
	want := "true\ttrue\n" + "nil\tnil\ttrue\n" + outside + "\n" + "base\tnil\n"
	if got != want {
		t.Errorf("inside the batch:\n%s\nwant:\n%s", got, want)
	}
	leaf := L.GetGlobal("Leaf").(*lua.LTable)
	if v := leaf.RawGetString("GetVariable"); v != lua.LNil {
		t.Errorf("after the batch Leaf holds GetVariable: %v", v)
	}
	if luaclass.For(L).Flattened() {
		t.Error("Flattened after the batch")
	}
}

// An instance's own field shadows a class method, inside a batch as Lua
// does; removing it shows the method again.
func TestFlatInstanceFieldShadows(t *testing.T) {
	tick, _ := flatTicker(t)
	got := tick(`function STEP(self)
    self.Hello = function() return "own" end
    self.GetVariable = function() return "own var" end
    print(self:Hello(), self:GetVariable("x"))
    self.Hello, self.GetVariable = nil, nil
    print(self:Hello(), self:GetVariable("x"))
end`)
	if want := "own\town var\nbase\tnil\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Methods defined or replaced in a class after its subclass exists are
// found at the next call, as in PUC Lua: between batches; in the
// instance's own class, or added anew to a base class, inside a batch; a
// base class's method replaced inside a batch (Added: the write removes
// Flatten's copies, see luaclass/method_writes.go).
func TestFlatMethodsChange(t *testing.T) {
	tick, L := flatTicker(t)
	steps := []struct{ code, want string }{
		{`function Base:Added() return "added" end
function STEP(self) print(self:Added(), self:Hello()) end`, "added\tbase\n"},
		{`function Base:Hello() return "base2" end`, "added\tbase2\n"},
		{`function STEP(self)
    function Base:Later() return "later" end
    function Leaf:Hello() return "leaf" end
    print(self:Later(), self:Hello(), keys(Leaf))
end`, "later\tleaf\tHello,OnUpdate,__index\n"},
		{`function STEP(self) print(self:Hello()) end`, "leaf\n"},
		{`Leaf.Hello = nil`, "base2\n"},
		{`function STEP(self)
    function Base:Hello() return "base3" end
    function Base:Added() return "added2" end
    print(self:Hello(), self:Added())
end`, "base3\tadded2\n"},
		{`function STEP(self) print(self:Hello(), self:Added()) end`, "base3\tadded2\n"},
		{`function STEP(self)
    Leaf.Hello = Base.Hello
    print(self:Hello(), keys(Leaf))
end`, "base3\tHello,OnUpdate,__index\n"},
	}
	for i, s := range steps {
		if got := tick(s.code); got != s.want {
			t.Errorf("step %d: got %q, want %q", i+1, got, s.want)
		}
	}
	// Leaf.Hello, written by the script, stays after the batch.
	if v := L.GetGlobal("Leaf").(*lua.LTable).RawGetString("Hello"); v == lua.LNil {
		t.Error("the script's Leaf.Hello was removed with the copies")
	}
}

// setmetatable on a class of the chain, inside a batch, takes effect at
// once: a bound class (Leaf, made by New) and a plain-Lua class table
// (Mid, with no Go object).
func TestFlatSetmetatableReparents(t *testing.T) {
	tick, L := flatTicker(t)
	if err := L.DoString(`
Other = BTAction:New()
function Other:Hello() return "other" end
Other.__index = Other
`); err != nil {
		t.Fatal(err)
	}
	got := tick(`function STEP(self)
    print(self:Hello())
    setmetatable(Leaf, Other)
    print(self:Hello())
end`)
	if want := "base\nother\n"; got != want {
		t.Errorf("bound class: got %q, want %q", got, want)
	}
	if got := tick(`function STEP(self) print(self:Hello()) end`); got != "other\n" {
		t.Errorf("next batch: got %q", got)
	}

	// A plain table between the class and the built-in one.
	if err := L.DoString(`
Mid = setmetatable({}, BTAction); Mid.__index = Mid
function Mid:Hello() return "mid" end
Mid2 = setmetatable({}, BTAction); Mid2.__index = Mid2
function Mid2:Hello() return "mid2" end
setmetatable(Leaf, Mid)
`); err != nil {
		t.Fatal(err)
	}
	got = tick(`function STEP(self)
    print(self:Hello(), rawraw(Leaf, "Hello") == Mid.Hello)
    setmetatable(Mid, nil); setmetatable(Mid, Other)
    print(self:Hello(), rawraw(Leaf, "Hello"))
    setmetatable(Leaf, Mid2)
    print(self:Hello())
end`)
	if want := "mid\ttrue\nmid\tnil\nmid2\n"; got != want {
		t.Errorf("plain class: got %q, want %q", got, want)
	}
}

// Hot reload's merge of a class between batches: the reloaded method
// runs from the next batch, and Merge reports only the methods the file
// changed (the copies are not there for it to see).
func TestFlatReloadMerge(t *testing.T) {
	tick, L := flatTicker(t)
	if got := tick(`function STEP(self) print(self:Hello()) end`); got != "base\n" {
		t.Fatalf("first batch: %q", got)
	}
	if err := L.DoString(`
NewLeaf = Base:New()
function NewLeaf:OnUpdate()
    if self == inst then STEP(self) end
    return BTTaskStatus.Running
end
function NewLeaf:Hello() return "reloaded" end
`); err != nil {
		t.Fatal(err)
	}
	changed := luaclass.Merge(L, L.GetGlobal("Leaf").(*lua.LTable), L.GetGlobal("NewLeaf").(*lua.LTable))
	if got := strings.Join(changed, ","); got != "Hello" {
		t.Errorf("Merge reported %q, want Hello", got)
	}
	if got := tick(``); got != "reloaded\n" {
		t.Errorf("after the merge: %q", got)
	}
}

// A class derived from a concrete built-in parent, whose __index is a Go
// function (children_lazy.go), holds the inherited methods too while a
// batch ticks: a call from Lua reaches no Go __index function.
func TestFlatThroughBuiltinParent(t *testing.T) {
	lib, L, out := testLib(t)
	L.SetGlobal("MIN", lua.LNumber(luaclass.FlatMinTasks))
	L.SetGlobal("rawraw", L.NewFunction(func(L *lua.LState) int {
		L.Push(L.CheckTable(1).RawGetString(L.CheckString(2)))
		return 1
	}))
	tr := treeOf(t, lib, L, `
MySeq = BTSequence:New()
MySeq.__index = MySeq
function MySeq:Count() return self:GetChildCount() end
function MySeq:OnStart() end -- Lua code runs on its tasks: it is flattened
Leaf = BTAction:New()
function Leaf:OnUpdate()
    if self == first then
        print(seq:Count(), rawraw(MySeq, "GetChildCount") == BTParentTask.GetChildCount, rawget(MySeq, "GetChildCount"))
    end
    return BTTaskStatus.Running
end
local all = BTParallel:New()
for i = 1, MIN do
    local s = setmetatable({}, MySeq)
    s:AddChild(Leaf:New())
    all:AddChild(s)
end
seq = all:GetChild(1)
first = seq:GetChild(1)
local tree = BTBehaviorTree:New()
tree:SetStartTask(all)
return tree
`)
	var got []string
	for range 2 {
		out.Reset()
		if err := lib.TickTrees([]*Tree{tr}, 0.1, nil); err != nil || tr.Err != nil {
			t.Fatal(err, tr.Err)
		}
		got = append(got, out.String())
	}
	// The first batch registers the classes (their tasks' hooks are
	// looked up in it); a class is flattened when FlatMinTasks of its
	// tasks override a hook.
	if want := []string{"1\tfalse\tnil\n", "1\ttrue\tnil\n"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A class with fewer than FlatMinTasks tasks gets no copies (they would
// cost each batch more than its few calls win): its lookups walk the
// chain as gopher-lua's do, with the same results.
func TestFlatFewTasksNoCopies(t *testing.T) {
	lib, L, out := testLib(t)
	L.SetGlobal("rawraw", L.NewFunction(func(L *lua.LState) int {
		L.Push(L.CheckTable(1).RawGetString(L.CheckString(2)))
		return 1
	}))
	tr := treeOf(t, lib, L, `
Lone = BTAction:New()
function Lone:OnUpdate()
    print(rawraw(Lone, "GetVariable") ~= nil, self:GetVariable("v"))
    return BTTaskStatus.Running
end
local tree = BTBehaviorTree:New()
tree:SetVariable("v", 7)
tree:SetStartTask(Lone:New())
return tree
`)
	for i := range 3 {
		out.Reset()
		if err := lib.TickTrees([]*Tree{tr}, 0.1, nil); err != nil || tr.Err != nil {
			t.Fatal(err, tr.Err)
		}
		if got := out.String(); got != "false\t7\n" {
			t.Errorf("batch %d: %q", i+1, got)
		}
	}
}
