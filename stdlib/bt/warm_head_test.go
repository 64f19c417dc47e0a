package bt

import "testing"

// WarmHead gathers the warm set again after a structure change, as Warm
// would, so that the Warm after it reads the new set at once; it
// allocates nothing once gathered.
func TestWarmHead(t *testing.T) {
	seq := NewSequence(NewIdle())
	tr := NewBehaviorTree(NewSelector(seq))
	tr.WarmHead()
	if tr.warm == nil || tr.warm.epoch != structureEpoch.Load() || len(tr.warm.ptrs) == 0 {
		t.Fatalf("after WarmHead: warm set %+v, want one gathered at epoch %d", tr.warm, structureEpoch.Load())
	}
	n := len(tr.warm.ptrs)
	if allocs := testing.AllocsPerRun(100, func() { tr.WarmHead() }); allocs != 0 {
		t.Errorf("WarmHead allocates %v times a call, want 0", allocs)
	}
	if err := seq.AddChild(NewIdle()); err != nil {
		t.Fatal(err)
	}
	if tr.warm.epoch == structureEpoch.Load() {
		t.Fatal("AddChild did not move the structure epoch")
	}
	tr.WarmHead()
	if tr.warm.epoch != structureEpoch.Load() || len(tr.warm.ptrs) <= n {
		t.Errorf("after AddChild and WarmHead: %d lines at epoch %d, want more than %d at epoch %d",
			len(tr.warm.ptrs), tr.warm.epoch, n, structureEpoch.Load())
	}
}
