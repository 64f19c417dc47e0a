package bt_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// get returns a variable of b, failing the test when it is not set.
func get(t *testing.T, b *bt.Blackboard, name string) any {
	t.Helper()
	v, ok := b.Get(name)
	if !ok {
		t.Fatalf("variable %q not set", name)
	}
	return v
}

func TestTreeReferenceSharesParentVariables(t *testing.T) {
	sub := bt.NewSequence(
		bt.NewVarCompare(mustTest(t, "alert", "==", true, false)),
		bt.NewSetVariable("fleeing", true),
	)
	tr := bt.NewBehaviorTree(bt.NewTreeReference("flee.lua", sub))
	tr.Blackboard.Set("alert", true)
	if s := tr.Tick(1); s != bt.Success {
		t.Fatalf("status %v, want Success", s)
	}
	// fleeing was unset in the parent: the write still lands there.
	if v := get(t, tr.Blackboard, "fleeing"); v != true {
		t.Fatalf("parent fleeing = %v, want true", v)
	}
}

func TestTreeReferenceOwnVariable(t *testing.T) {
	inc := bt.NewIncrement("speed", 1)
	ref := bt.NewTreeReference("flee.lua", inc)
	ref.Own("speed", 3.0)
	other := bt.NewTreeReference("flee.lua", bt.NewIncrement("speed", 1))
	tr := bt.NewBehaviorTree(bt.NewSequence(ref, other))
	tr.Blackboard.Set("speed", 10.0)
	tr.Tick(1)
	if v := get(t, ref.Variables(), "speed"); v != 4.0 {
		t.Fatalf("own speed = %v, want 4", v)
	}
	// The second reference has no Own: it shares the parent's speed.
	if v := get(t, tr.Blackboard, "speed"); v != 11.0 {
		t.Fatalf("parent speed = %v, want 11", v)
	}
}

func TestTreeReferenceRemap(t *testing.T) {
	ref := bt.NewTreeReference("flee.lua", bt.NewSequence(
		bt.NewVarCompare(mustTest(t, "target", "==", "orc", false)),
		bt.NewSetVariable("target", "troll"),
	))
	ref.Remap("target", "enemy")
	tr := bt.NewBehaviorTree(ref)
	tr.Blackboard.Set("enemy", "orc")
	if s := tr.Tick(1); s != bt.Success {
		t.Fatalf("status %v, want Success", s)
	}
	if v := get(t, tr.Blackboard, "enemy"); v != "troll" {
		t.Fatalf("enemy = %v, want troll", v)
	}
	if _, ok := tr.Blackboard.Get("target"); ok {
		t.Fatal("parent target was set; the remap should have written enemy")
	}
	bb, n, ok := bt.ResolveVariable(ref.Child(), "target")
	if !ok || bb != tr.Blackboard || n != "enemy" {
		t.Fatalf("ResolveVariable = %p %q %v, want the tree's blackboard, enemy", bb, n, ok)
	}
}

func TestTreeReferenceNestedRemap(t *testing.T) {
	leaf := bt.NewSetVariable("goal", 7.0)
	inner := bt.NewTreeReference("inner.lua", leaf)
	inner.Remap("goal", "mid")
	outer := bt.NewTreeReference("outer.lua", inner)
	outer.Remap("mid", "top")
	tr := bt.NewBehaviorTree(outer)
	tr.Tick(1)
	if v := get(t, tr.Blackboard, "top"); v != 7.0 {
		t.Fatalf("top = %v, want 7", v)
	}
	if got, want := bt.Path(leaf), "TreeReference@outer.lua/TreeReference[1]@inner.lua/SetVariable[1]"; got != want {
		t.Fatalf("path %q, want %q", got, want)
	}
}

func TestTreeReferencePath(t *testing.T) {
	run := name("Run", bt.NewSequence(bt.NewIdle()))
	ref := name("Flee", bt.NewTreeReference("flee.lua", run))
	root := name("Root", bt.NewSelector(bt.NewIdle(), ref))
	bt.NewBehaviorTree(root)
	if got, want := bt.Path(run.Children()[0]), "Root/Flee[2]@flee.lua/Run[1]/Idle[1]"; got != want {
		t.Fatalf("path %q, want %q", got, want)
	}
}

func TestTreeReferenceAbortOutOfSubtree(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewSelector(
		abortSeq(bt.AbortLowerPriority, "Guarded", newCond(l, "C", false, false, true), newAct(l, "A1", R)),
		name("Ref", bt.NewTreeReference("flee.lua", name("Sub", bt.NewSequence(newAct(l, "B", R))))),
	)))
	h.tick(R, "start Root", "start Guarded", "start C", "end C", "end Guarded", "start Ref", "start Sub", "start B")
	h.tick(R, "start C", "end C")
	// C changed: the whole subtree is ended, deepest first.
	h.tick(R, "start C", "end C", "end B", "end Sub", "end Ref", "start Guarded", "start A1")
}

func TestTreeReferenceAbortInsideSubtree(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Ref", bt.NewTreeReference("guard.lua",
		abortSeq(bt.AbortSelf, "Seq", newCond(l, "C", true, true, false), newAct(l, "A", R)))))
	h.tick(R, "start Ref", "start Seq", "start C", "end C", "start A")
	h.tick(R, "start C", "end C")
	h.tick(F, "start C", "end C", "end A", "end Seq", "end Ref")
}

func TestTreeReferenceAbortIntoSubtree(t *testing.T) {
	// A LowerPriority guard inside the subtree watches the parent's later
	// branch, as it would in place.
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewSelector(
		name("Ref", bt.NewTreeReference("guard.lua",
			abortSeq(bt.AbortLowerPriority, "Guarded", newCond(l, "C", false, false, true), newAct(l, "A1", R)))),
		newAct(l, "B", R),
	)))
	h.tick(R, "start Root", "start Ref", "start Guarded", "start C", "end C", "end Guarded", "end Ref", "start B")
	h.tick(R, "start C", "end C")
	h.tick(R, "start C", "end C", "end B", "start Ref", "start Guarded", "start A1")
}

// causes records the end causes the tree's tasks get.
type causes struct{ got []string }

func (c *causes) TaskStarted(bt.Task) {}
func (c *causes) TaskEnded(t bt.Task, _ bt.Status, cause bt.EndCause) {
	c.got = append(c.got, t.Base().Name+" "+cause.String())
}

func TestTreeReferenceSetTreeWhileRunning(t *testing.T) {
	var l []string
	old := newAct(&l, "Old", R)
	ref := name("Ref", bt.NewTreeReference("a.lua", old))
	tr := bt.NewBehaviorTree(ref)
	obs := &causes{}
	tr.Observer = obs
	tr.Tick(1)
	if err := ref.SetTree(newAct(&l, "New", R)); err != nil {
		t.Fatal(err)
	}
	if want := []string{"Old replaced by Ref@a.lua"}; !slices.Equal(obs.got, want) {
		t.Fatalf("ends %q, want %q", obs.got, want)
	}
	if want := []string{"start Old", "end Old"}; !slices.Equal(l, want) {
		t.Fatalf("log %q, want %q", l, want)
	}
	if s := tr.Tick(1); s != bt.Running {
		t.Fatalf("status %v, want Running", s)
	}
	if want := []string{"start Old", "end Old", "start New"}; !slices.Equal(l, want) {
		t.Fatalf("log %q, want %q", l, want)
	}
	if ref.Child().Base().Name != "New" {
		t.Fatalf("child %s, want New", bt.Path(ref.Child()))
	}
}

// swapper is an action that swaps its reference's tree from inside it.
type swapper struct {
	bt.Action
	ref  *bt.TreeReference
	next bt.Task
}

func (s *swapper) OnUpdate() bt.Status {
	if err := s.ref.SetTree(s.next); err != nil {
		panic(err)
	}
	return bt.Success
}

func TestTreeReferenceSetTreeFromInside(t *testing.T) {
	var l []string
	sw := &swapper{}
	sw.Init(sw, "Swap")
	ref := name("Ref", bt.NewTreeReference("a.lua", sw))
	sw.ref, sw.next = ref, newAct(&l, "New", S)
	tr := bt.NewBehaviorTree(ref)
	// The swap waits for the subtree's tick to return; the reference runs on.
	if s := tr.Tick(1); s != bt.Running {
		t.Fatalf("status %v, want Running", s)
	}
	if s := tr.Tick(1); s != bt.Success {
		t.Fatalf("status %v, want Success", s)
	}
	if want := []string{"start New", "end New"}; !slices.Equal(l, want) {
		t.Fatalf("log %q, want %q", l, want)
	}
}

func TestTreeReferenceSetTreeRefusals(t *testing.T) {
	ref := bt.NewTreeReference("a.lua", bt.NewIdle())
	root := bt.NewSequence(ref)
	if err := ref.SetTree(root); !errors.Is(err, bt.ErrHasParent) && !errors.Is(err, bt.ErrCycle) {
		t.Fatalf("SetTree(own root) = %v, want a refusal", err)
	}
	if err := ref.SetTree(nil); !errors.Is(err, bt.ErrNilTask) {
		t.Fatalf("SetTree(nil) = %v, want ErrNilTask", err)
	}
	taken := bt.NewIdle()
	bt.NewInverter(taken)
	if err := ref.SetTree(taken); !errors.Is(err, bt.ErrHasParent) {
		t.Fatalf("SetTree(attached) = %v, want ErrHasParent", err)
	}
}

func TestTreeReferenceRenderAndDOT(t *testing.T) {
	ref := name("Flee", bt.NewTreeReference("flee.lua", name("Run", bt.NewIdle())))
	root := name("Root", bt.NewSequence(ref))
	if got, want := bt.Render(root), "Root (Sequence) Inactive\n  Flee@flee.lua (TreeReference) Inactive\n    Run (Idle) Inactive\n"; got != want {
		t.Fatalf("Render:\n%s\nwant:\n%s", got, want)
	}
	want := `digraph "bt" {
  node [shape=box, style="rounded,filled", fillcolor=white, fontname="Helvetica"];
  n0 [label="Root\n(Sequence)\nInactive"];
  n1 [label="Flee\n(TreeReference)\nInactive"];
  subgraph "cluster_n1" {
  label="flee.lua"; style=dashed;
  n2 [label="Run\n(Idle)\nInactive"];
  n1 -> n2;
  }
  n0 -> n1;
}
`
	if got := bt.DOT(root); got != want {
		t.Fatalf("DOT:\n%s\nwant:\n%s", got, want)
	}
}
