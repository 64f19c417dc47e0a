package bt

import (
	"testing"
	"unsafe"
)

// A TreeReference is 320 bytes (a size class of cache-line-aligned
// objects), and what a tick of it reads, its subtree's root and the
// TaskBase fields up to comp, lies in its first 64 bytes: a tick of a
// reference touches one line of it (issue 21).
func TestTreeReferenceLayout(t *testing.T) {
	var r TreeReference
	if n := unsafe.Sizeof(r); n != 320 {
		t.Errorf("TreeReference is %d bytes, want 320", n)
	}
	if unsafe.Offsetof(r.sub) != 0 {
		t.Errorf("sub at %d, want 0", unsafe.Offsetof(r.sub))
	}
	// Offsetof a promoted field counts from the start of r.
	if end := unsafe.Offsetof(r.comp) + unsafe.Sizeof(r.comp); end > 64 {
		t.Errorf("the tick's TaskBase fields end at byte %d, want <= 64", end)
	}
}

// The reference's child list and its tick's view of the subtree agree
// through AddChild, SetTree and a swap during the tick.
func TestTreeReferenceSubtreeSlot(t *testing.T) {
	a, b := NewFuncAction(func() Status { return Success }), NewFuncAction(func() Status { return Failure })
	r := NewTreeReference("x.lua", nil)
	if len(r.Children()) != 0 || r.Child() != nil {
		t.Fatalf("a reference made without a tree has children %v", r.Children())
	}
	if err := r.AddChild(a); err != nil {
		t.Fatal(err)
	}
	if c := r.Children(); len(c) != 1 || c[0] != Task(a) || r.Child() != Task(a) {
		t.Fatalf("after AddChild: children %v, child %v", c, r.Child())
	}
	if err := r.AddChild(b); err == nil {
		t.Fatal("a second AddChild was accepted")
	}
	tr := NewBehaviorTree(r)
	tr.RestartWhenComplete = true
	if s := tr.Tick(0); s != Success {
		t.Fatalf("tick: %v, want Success", s)
	}
	if err := r.SetTree(b); err != nil {
		t.Fatal(err)
	}
	if c := r.Children(); len(c) != 1 || c[0] != Task(b) || r.Child() != Task(b) {
		t.Fatalf("after SetTree: children %v, child %v", c, r.Child())
	}
	if s := tr.Tick(0); s != Failure {
		t.Fatalf("tick after SetTree: %v, want Failure", s)
	}
}

// InitTreeReference makes a zero TreeReference inside another value what
// NewTreeReference returns: its file, its one child, and a tick of it
// that runs the subtree and returns its status.
func TestInitTreeReference(t *testing.T) {
	var cell struct {
		other [64]byte
		r     TreeReference
	}
	leaf := NewFuncAction(func() Status { return Failure })
	InitTreeReference(&cell.r, "in.lua", leaf)
	if cell.r.File != "in.lua" || cell.r.Child() != Task(leaf) || len(cell.r.Children()) != 1 || leaf.Base().Parent() != Task(&cell.r) {
		t.Fatalf("file %q, child %v, children %v, leaf's parent %v", cell.r.File, cell.r.Child(), cell.r.Children(), leaf.Base().Parent())
	}
	if err := cell.r.AddChild(NewFuncAction(func() Status { return Success })); err == nil {
		t.Fatal("a second child was accepted")
	}
	if s := NewBehaviorTree(&cell.r).Tick(0); s != Failure || cell.r.Status() != Failure || cell.r.Started() {
		t.Fatalf("tick: %v, status %v, started %v", s, cell.r.Status(), cell.r.Started())
	}
	if got := Path(leaf); got != Path(NewTreeReference("in.lua", NewFuncAction(func() Status { return Success })).Child()) {
		t.Fatalf("path %q differs from a NewTreeReference's", got)
	}
}

// A task's mark (the event stream's node number) lies in the TaskBase's
// first 64 bytes, with what a tick reads, and costs the TaskBase no byte.
func TestTaskBaseMarkLayout(t *testing.T) {
	var b TaskBase
	if end := unsafe.Offsetof(b.mark) + unsafe.Sizeof(b.mark); end > 16 {
		t.Errorf("mark ends at byte %d, want <= 16 (the padding after refTick)", end)
	}
	if off := unsafe.Offsetof(b.ticked); off != 16 {
		t.Errorf("ticked at %d, want 16", off)
	}
}
