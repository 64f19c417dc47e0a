package bt_test

import (
	"errors"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// A SetTree made while the tree is built (before its first tick) is part
// of what the script builds, so the tree saves; one made after the tree
// ticked is refused (bt.ErrSwappedReference), since a restore rebuilds
// the script's tree.
func TestSaveReferenceSwappedAtBuildOrRun(t *testing.T) {
	r := bt.NewTreeReference("flee.lua", bt.NewFuncAction(func() bt.Status { return bt.Running }))
	tr := bt.NewBehaviorTree(r)
	if err := r.SetTree(bt.NewFuncAction(func() bt.Status { return bt.Running })); err != nil {
		t.Fatal(err)
	}
	if _, err := bt.SaveTree(tr); err != nil {
		t.Fatalf("swapped before the first tick: %v", err)
	}
	tr.Tick(1)
	if _, err := bt.SaveTree(tr); err != nil {
		t.Fatalf("ticked, not swapped since: %v", err)
	}
	if err := r.SetTree(bt.NewFuncAction(func() bt.Status { return bt.Success })); err != nil {
		t.Fatal(err)
	}
	if _, err := bt.SaveTree(tr); !errors.Is(err, bt.ErrSwappedReference) {
		t.Fatalf("swapped after a tick: %v, want ErrSwappedReference", err)
	}
}
