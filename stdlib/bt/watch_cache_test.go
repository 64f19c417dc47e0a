package bt

import "testing"

// TestWatchCacheSeesChanges: watchesAborts is computed once per structure
// change and kept in the composite; each change that can alter it is
// seen at the next ask: an abort type set with SetAbortType on the
// composite or on a child, a direct write of Abort, a child added, and
// StructureChanged (a reload).
func TestWatchCacheSeesChanges(t *testing.T) {
	sel := NewSelector(NewIdle())
	NewBehaviorTree(sel).Tick(1)
	check := func(step string, want bool) {
		t.Helper()
		if got := watchesAborts(sel, &sel.Composite); got != want {
			t.Fatalf("%s: watchesAborts = %v, want %v", step, got, want)
		}
	}
	check("no aborts", false)
	sel.SetAbortType(AbortSelf)
	check("SetAbortType(Self)", true)
	sel.Abort = AbortNone // a direct write, no StructureChanged
	check("Abort = None", false)
	low := NewSequence(NewIdle())
	low.Abort = AbortLowerPriority
	if err := sel.AddChild(low); err != nil {
		t.Fatal(err)
	}
	check("a LowerPriority child added", true)
	low.SetAbortType(AbortNone)
	check("the child's SetAbortType(None)", false)
	low.Abort = AbortLowerPriority
	StructureChanged()
	check("the child's Abort written, then StructureChanged", true)

	par := NewParallel(NewIdle())
	NewBehaviorTree(par).Tick(1)
	lowp := NewSequence(NewIdle())
	lowp.SetAbortType(AbortLowerPriority)
	if err := par.AddChild(lowp); err != nil {
		t.Fatal(err)
	}
	if watchesAborts(par, &par.Composite) {
		t.Fatal("a Parallel watches its LowerPriority child")
	}
}
