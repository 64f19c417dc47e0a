package btlib

import (
	"strings"
	"testing"
)

// A Lua composite that keeps its own cursor in self.index (as the
// protocol examples do) keeps it when a built-in parent adds it as its
// second child: AddChild writes nothing into the child, whose place is
// read from the Go tree with GetIndex and GetParent.
func TestAddChildLeavesChildFieldsAlone(t *testing.T) {
	lib, L, out := testLib(t)
	tr := treeOf(t, lib, L, `
PSelector = BTComposite:New()
function PSelector:New() local o = {}; setmetatable(o, self); self.__index = self; o.index = 1; o.last = nil; return o end
function PSelector:CanExecute() return self.index <= #self.childTasks and self.last ~= BTTaskStatus.Success end
function PSelector:CurrentChildIndex() return self.index end
function PSelector:OnChildExecuted(i, s) self.index = i + 1; self.last = s end
local seq = BTSequence:New()
seq:AddChild(BTLog:New("a"))
local p = PSelector:New()
seq:AddChild(p)
p:AddChild(BTLog:New("x"))
p:AddChild(BTLog:New("y"))
print(p.index, p:GetIndex(), p:GetParent() == seq, seq:GetParent(), seq:GetIndex(), p:GetLayer())
return seq
`)
	if s, err := lib.TickTree(tr, 0.1); err != nil || s.String() != "Success" {
		t.Fatalf("tick: %v %v", s, err)
	}
	if got, want := out.String(), "1\t2\ttrue\tnil\t0\t1\na\nx\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
}

// childTasks of a built-in parent is a read-only view of its Go children:
// length, indexing, ipairs and pairs read the Go tree, and writes are
// errors rather than a second, diverging list.
func TestChildTasksView(t *testing.T) {
	lib, L, out := testLib(t)
	treeOf(t, lib, L, `
local seq = BTSequence:New()
seq.name = "seq"
seq:AddChild(BTLog:New("a"))
local b = BTLog:New("b"); b.name = "b"
seq:AddChild(b)
local kids = seq.childTasks
print(#kids, kids[2] == b, kids[3], kids.x, seq:GetChild(2) == b, seq:GetChild(3), seq:GetChildCount())
for i, c in ipairs(kids) do print("ipairs", i, c:GetIndex(), c:GetParent() == seq) end
local n = 0
for k, c in pairs(kids) do n = n + k end
print("pairs", n, tostring(kids))
print(pcall(function() kids[3] = BTLog:New("sneaky") end))
print(pcall(table.insert, kids, BTLog:New("sneaky")))
print(seq:GetChildCount())
return seq
`)
	want := "2\ttrue\tnil\tnil\ttrue\tnil\t2\n" +
		"ipairs\t1\t1\ttrue\nipairs\t2\t2\ttrue\n" +
		"pairs\t3\tchildTasks of seq (2 children)\n" +
		"false\ttest.lua:13: childTasks of seq is a read-only view of its children: add children with AddChild\n" +
		"false\ttest.lua:14: bad argument #1 to (anonymous) (table expected, got userdata)\n" +
		"2\n"
	if got := out.String(); got != want {
		t.Errorf("output:\n%s\nwant:\n%s", got, want)
	}
}

// pairs over a built-in parent lists the fields the script set, not the
// binding of its Go task nor the childTasks view the binding added (an unlisted field: no key-index map
// per parent), which reads as before; a script that assigns childTasks
// makes it an ordinary field.
func TestChildTasksUnlisted(t *testing.T) {
	lib, L, out := testLib(t)
	treeOf(t, lib, L, `
local seq = BTSequence:New()
seq.name = "seq"
seq:AddChild(BTLog:New("a"))
local keys = {}
for k in pairs(seq) do keys[#keys + 1] = tostring(k) end
print(table.concat(keys, ","), #seq.childTasks, rawget(seq, "childTasks") == seq.childTasks)
local other = BTSequence:New()
other.childTasks = {}
other:AddChild(BTLog:New("b"))
keys = {}
for k in pairs(other) do keys[#keys + 1] = tostring(k) end
print(table.concat(keys, ","), #other.childTasks)
local bare = BTSelector:New()
bare:AddChild(BTLog:New("c"))
print(next(bare), #bare.childTasks)
return seq
`)
	if got, want := out.String(), "name\t1\ttrue\nchildTasks\t1\nnil\t1\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
}

// Layer and root are read from the Go tree, so a tree built bottom up (the
// leaf added before its parent has a parent) reports them right.
func TestLayerAndRootBottomUp(t *testing.T) {
	lib, L, out := testLib(t)
	treeOf(t, lib, L, `
local leaf = BTLog:New("x")
local inner = BTSequence:New()
inner:AddChild(leaf)
local root = BTSelector:New()
root:AddChild(inner)
print(leaf:GetLayer(), inner:GetLayer(), root:GetLayer(), leaf:GetRoot() == root, root:GetRoot() == root)
return root
`)
	if got, want := out.String(), "2\t1\t0\ttrue\ttrue\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
	if strings.Contains(out.String(), "nil") {
		t.Error("a method is missing")
	}
}
