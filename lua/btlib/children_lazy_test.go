package btlib

import (
	"runtime"
	"strconv"
	"testing"

	"github.com/btlua/btlua/lua/luaclass"
	lua "github.com/yuin/gopher-lua"
)

// The childTasks view of a parent the library made (New, no field of its
// own when its first AddChild runs) is answered by the class's __index
// function, not stored in the table: rawget finds nothing, pairs lists
// nothing, and every read returns the same view, which reads as before.
func TestChildTasksLazyView(t *testing.T) {
	lib, L, out := testLib(t)
	treeOf(t, lib, L, `
local seq = BTSequence:New()
print("before", seq.childTasks, seq:GetChildCount())
seq:AddChild(BTLog:New("a"))
local b = BTLog:New("b")
seq:AddChild(b)
local kids = seq.childTasks
print(#kids, kids[1]:GetIndex(), kids[2] == b, kids[3], kids == seq.childTasks, rawget(seq, "childTasks"), next(seq))
local n = 0
for i, c in ipairs(seq.childTasks) do n = n + i * 10 end
for k, c in pairs(seq.childTasks) do n = n + k end
print(n, tostring(seq.childTasks))
seq.name = "seq"
local keys = {}
for k in pairs(seq) do keys[#keys + 1] = tostring(k) end
print(table.concat(keys, ","), seq.childTasks == kids, #seq.childTasks, rawget(seq, "childTasks"))
print(pcall(function() seq.childTasks[3] = b end))
local inv = BTInverter:New()
inv:AddChild(BTLog:New("c"))
print(#inv.childTasks, inv.childTasks[1]:GetParent() == inv, rawget(inv, "childTasks"), inv.childTasks == inv.childTasks)
local par = BTParallel:New()
par:AddChild(BTLog:New("d"))
print(#par.childTasks, rawget(par, "childTasks"))
return seq
`)
	want := "before\tnil\t0\n" +
		"2\t1\ttrue\tnil\ttrue\tnil\tnil\n" +
		"33\tchildTasks of BTSequence (2 children)\n" +
		"name\ttrue\t2\tnil\n" +
		"false\ttest.lua:17: childTasks of seq is a read-only view of its children: add children with AddChild\n" +
		"1\ttrue\tnil\ttrue\n" +
		"1\tnil\n"
	if got := out.String(); got != want {
		t.Errorf("output:\n%s\nwant:\n%s", got, want)
	}
}

// A field the script set wins over the view, as a raw field did: a
// childTasks assigned before the first AddChild becomes the view (raw),
// one assigned after hides it until it is removed again.
func TestChildTasksLazyViewScriptField(t *testing.T) {
	lib, L, out := testLib(t)
	treeOf(t, lib, L, `
local seq = BTSequence:New()
seq:AddChild(BTLog:New("a"))
local view = seq.childTasks
seq.childTasks = "mine"
print(seq.childTasks, rawget(seq, "childTasks"))
seq.childTasks = nil
print(seq.childTasks == view, #seq.childTasks)
local other = BTSequence:New()
other.childTasks = {}
other:AddChild(BTLog:New("b"))
print(#other.childTasks, rawget(other, "childTasks") == other.childTasks)
local bad = BTSequence:New()
bad:AddChild(BTLog:New("c"))
bad.childTasks = { BTLog:New("d") }
print(pcall(bad.AddChild, bad, BTLog:New("e")))
return seq
`)
	want := "mine\tmine\n" +
		"true\t1\n" +
		"1\ttrue\n" +
		"false\ttest.lua:16: AddChild to BTSequence: childTasks of BTSequence holds 1 tasks that AddChild did not add; keep the children in one place: add them all with AddChild, or keep them all in a Lua parent class with its own AddChild\n"
	if got := out.String(); got != want {
		t.Errorf("output:\n%s\nwant:\n%s", got, want)
	}
}

// A script's class derived from a built-in parent, with the series' own
// New (setmetatable(o, self); self.__index = self): each instance with
// children reads its own view, one without reads what its class chain
// answers (the class's view once the class itself has children), and a
// prototype made by the built-in New inherits its class's.
func TestChildTasksLazyViewSubclass(t *testing.T) {
	lib, L, out := testLib(t)
	treeOf(t, lib, L, `
MySeq = BTSequence:New()
MySeq:AddChild(BTLog:New("p"))
function MySeq:New() local o = {}; setmetatable(o, self); self.__index = self; return o end
local bare = MySeq:New()
print(#bare.childTasks, bare.childTasks == MySeq.childTasks, rawget(MySeq, "childTasks"))
local a = MySeq:New()
a:AddChild(BTLog:New("x"))
a:AddChild(BTLog:New("y"))
print(#a.childTasks, a.childTasks == a.childTasks, a.childTasks[2]:GetParent() == a, #MySeq.childTasks)
Other = BTSelector:New()
function Other:New() local o = {}; setmetatable(o, self); self.__index = self; return o end
local lone = Other:New()
print(lone.childTasks, Other.childTasks)
lone:AddChild(BTLog:New("z"))
print(#lone.childTasks, Other.childTasks, lone.currentChildIndex, lone.AddChild == BTParentTask.AddChild)
local proto = BTSequence:New()
proto:AddChild(BTLog:New("q"))
local inst = proto:New()
print(#inst.childTasks, inst.childTasks == proto.childTasks)
inst:AddChild(BTLog:New("r"))
inst:AddChild(BTLog:New("s"))
print(#inst.childTasks, #proto.childTasks)
return a
`)
	want := "1\ttrue\tnil\n" +
		"2\ttrue\ttrue\t1\n" +
		"nil\tnil\n" +
		"1\tnil\t0\ttrue\n" +
		"1\ttrue\n" +
		"2\t1\n"
	if got := out.String(); got != want {
		t.Errorf("output:\n%s\nwant:\n%s", got, want)
	}
}

// Fields and methods of a built-in parent class are found along its
// class chain, fields a script adds to a class included, and the chain
// walks (luaclass.Of, Chain) go through a class whose __index is a
// function.
func TestParentClassLookup(t *testing.T) {
	lib, L, out := testLib(t)
	treeOf(t, lib, L, `
local seq = BTSequence:New()
print(seq.currentChildIndex, seq[1], seq.nothing, BTSequence.childTasks, BTSequence.currentChildIndex)
BTComposite.extra = 5
BTTask.deep = "d"
print(seq.extra, seq.deep, BTSequence.extra, BTParallel.deep)
print(seq.GetChildCount == BTParentTask.GetChildCount, seq.GetPath == BTTask.GetPath)
return seq
`)
	if got, want := out.String(), "0\tnil\tnil\tnil\t0\n5\td\t5\td\ntrue\ttrue\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
	get := func(name string) *lua.LTable { return L.GetGlobal(name).(*lua.LTable) }
	if _, ok := get("BTSequence").RawGetString("__index").(*lua.LFunction); !ok {
		t.Errorf("BTSequence.__index is %s, want the view function", get("BTSequence").RawGetString("__index").Type())
	}
	// A task's chain goes through its class, whose __index is the
	// function: luaclass.Of falls back to the metatable.
	if err := L.DoString(`probeSeq = BTSequence:New()`); err != nil {
		t.Fatal(err)
	}
	var names []string
	for c := range luaclass.Chain(get("probeSeq")) {
		names = append(names, lib.names[c])
	}
	if got, want := len(names), 5; got != want || names[0] != "" || names[1] != "BTSequence" || names[2] != "BTComposite" || names[4] != "BTTask" {
		t.Errorf("chain of a BTSequence task: %q, want the task, BTSequence, BTComposite, BTParentTask, BTTask", names)
	}
}

// A parent the library made costs no string-map group for its childTasks
// view: its first AddChild allocates the Go child list, not a map entry
// (a 288-byte group) and a userdata per parent (issue 9).
func TestParentViewSmall(t *testing.T) {
	_, L, _ := testLib(t)
	const n = 2000
	if err := L.DoString(`
parents, kids = {}, {}
for i = 1, ` + strconv.Itoa(n) + ` do parents[i] = BTSequence:New(); kids[i] = BTLog:New("x") end
function attach() for i = 1, #parents do parents[i]:AddChild(kids[i]) end end
`); err != nil {
		t.Fatal(err)
	}
	attach := L.GetGlobal("attach")
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	if err := L.CallByParam(lua.P{Fn: attach, NRet: 0, Protect: true}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&m1)
	per := (m1.TotalAlloc - m0.TotalAlloc) / n
	if per > 64 {
		t.Errorf("a first AddChild allocated %d bytes per parent, want at most 64 (the child list)", per)
	}
	if err := L.DoString(`assert(#parents[7].childTasks == 1 and parents[7].childTasks[1] == kids[7])`); err != nil {
		t.Fatal(err)
	}
}

// A script's parent class derived from an abstract built-in parent
// (BTComposite:New() as a class, the series' pattern) finds inherited
// methods with raw reads: the abstract parents keep their table as
// __index, as a method call through an __index function costs gopher-lua
// an allocation (it boxes the method's name). Their own instances keep
// the view as an unlisted field.
func TestAbstractParentPlainIndex(t *testing.T) {
	lib, L, out := testLib(t)
	treeOf(t, lib, L, `
LSeq = BTComposite:New()
function LSeq:New() local o = {}; setmetatable(o, self); self.__index = self; return o end
o = LSeq:New()
o:AddChild(BTIdle:New())
function probe() return o:GetChild(1) ~= nil and o:Reset() == nil and o:GetParent() == nil end
local c = BTComposite:New()
c:AddChild(BTIdle:New())
print(probe(), rawget(c, "childTasks") == c.childTasks, #c.childTasks, BTComposite.__index == BTComposite, BTDecorator.__index == BTDecorator, BTParentTask.__index == BTParentTask)
return c
`)
	if got, want := out.String(), "true\ttrue\t1\ttrue\ttrue\ttrue\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
	probe := L.GetGlobal("probe")
	allocs := testing.AllocsPerRun(100, func() {
		if err := L.CallByParam(lua.P{Fn: probe, NRet: 1, Protect: true}); err != nil {
			t.Fatal(err)
		}
		L.Pop(1)
	})
	if allocs != 0 {
		t.Errorf("three inherited method calls on a Lua parent allocated %v times, want 0", allocs)
	}
}

// The Go side's reads of a concrete parent's fields (its name, synced
// when it is attached and after each cache refresh; Children's
// childTasks) go through the class's __index function without
// allocating: the keys are constant Lua strings.
func TestParentFieldReadsNoAlloc(t *testing.T) {
	lib, L, _ := testLib(t)
	if err := L.DoString(`seq = BTSequence:New(); seq:AddChild(BTLog:New("a"))`); err != nil {
		t.Fatal(err)
	}
	seq, err := lib.taskOf(L.GetGlobal("seq"))
	if err != nil {
		t.Fatal(err)
	}
	if allocs := testing.AllocsPerRun(50, seq.syncName); allocs != 0 {
		t.Errorf("syncName allocated %v times, want 0", allocs)
	}
}
