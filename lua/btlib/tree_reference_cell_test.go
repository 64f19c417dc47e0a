package btlib

import (
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// BTBehaviorTreeReference:New makes the reference's Task, its
// bt.TreeReference and its table in one allocation (a taskCell), the
// TreeReference starting a cache line, and the reference still runs its
// subtree, ends it and swaps it.
func TestReferenceOneAllocation(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"sub.lua": `
return function(vars)
  local s = BTSequence:New()
  s:AddChild(BTLog:New("sub"))
  return s
end
`,
		"main.lua": `
local s = BTSequence:New()
s:AddChild(BTBehaviorTreeReference:New("sub.lua"))
return s
`})
	lib, L, out := testLib(t)
	tr, err := loadTree(lib, L, filepath.Join(dir, "main.lua"))
	if err != nil {
		t.Fatal(err)
	}
	rt, ok := tr.Root().(*Task).Children()[0].(*Task)
	if !ok {
		t.Fatalf("the reference is a %T", tr.Root().(*Task).Children()[0])
	}
	r, ok := rt.Impl.(*bt.TreeReference)
	if !ok {
		t.Fatalf("the reference's behaviour is a %T", rt.Impl)
	}
	var c taskCell[bt.TreeReference]
	base := uintptr(unsafe.Pointer(rt))
	if got, want := uintptr(unsafe.Pointer(r))-base, unsafe.Offsetof(c.impl); got != want {
		t.Errorf("TreeReference at task+%d, want +%d (one allocation)", got, want)
	}
	if got, want := uintptr(unsafe.Pointer(rt.Self))-base, unsafe.Offsetof(c.cell); got != want {
		t.Errorf("table at task+%d, want +%d (one allocation)", got, want)
	}
	if off := unsafe.Offsetof(c.impl); off%64 != 0 || roundClass(unsafe.Sizeof(c))%64 != 0 {
		t.Errorf("TreeReference at offset %d of a %d-byte cell: not on a cache line", off, unsafe.Sizeof(c))
	}
	if r.Base().Self() != bt.Task(rt) || r.Child().Base().Parent() != bt.Task(rt) {
		t.Fatalf("self %v, subtree's parent %v; want the Lua task", r.Base().Self(), r.Child().Base().Parent())
	}
	if s, err := lib.TickTree(tr, 1); err != nil || s != bt.Success {
		t.Fatalf("tick: %v %v", s, err)
	}
	if out.String() != "sub\n" || r.Status() != bt.Success || r.Started() {
		t.Fatalf("output %q, status %v, started %v", out.String(), r.Status(), r.Started())
	}
	if got := bt.Path(r.Child()); got != "BTSequence/BTBehaviorTreeReference[1]@sub.lua/BTSequence[1]" {
		t.Fatalf("path %q", got)
	}
}

// roundClass returns the Go allocator's size class for n bytes, for the
// sizes a taskCell of a reference can have (576 for 552).
func roundClass(n uintptr) uintptr {
	for _, c := range []uintptr{448, 480, 512, 576, 640, 704, 768} {
		if n <= c {
			return c
		}
	}
	return n
}

// A factory given no variables gets an empty table of its own each time,
// which it may fill and keep: two references' tables are not one.
func TestReferenceEmptyVariables(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"sub.lua": `
seen = {}
return function(vars)
  vars.n = #seen + 1
  seen[#seen + 1] = vars
  return BTLog:New("made " .. vars.n)
end
`,
		"main.lua": `
local s = BTSequence:New()
s:AddChild(BTBehaviorTreeReference:New("sub.lua"))
s:AddChild(BTBehaviorTreeReference:New("sub.lua"))
return s
`})
	lib, L, out := testLib(t)
	tr, err := loadTree(lib, L, filepath.Join(dir, "main.lua"))
	if err != nil {
		t.Fatal(err)
	}
	if s, err := lib.TickTree(tr, 1); err != nil || s != bt.Success {
		t.Fatalf("tick: %v %v", s, err)
	}
	if want := "made 1\nmade 2\n"; out.String() != want {
		t.Fatalf("output %q, want %q", out.String(), want)
	}
	seen := L.GetGlobal("seen").(*lua.LTable)
	a, b := seen.RawGetInt(1).(*lua.LTable), seen.RawGetInt(2).(*lua.LTable)
	if a == b || a.RawGetString("n") != lua.LNumber(1) || b.RawGetString("n") != lua.LNumber(2) {
		t.Fatalf("the factory's tables: %v (n=%v) and %v (n=%v)", a, a.RawGetString("n"), b, b.RawGetString("n"))
	}
	if a.Metatable != lua.LNil {
		t.Fatalf("the empty variables table has metatable %v", a.Metatable)
	}
}
