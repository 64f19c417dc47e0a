package bt_test

import (
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// A reference that only passes variables through is skipped by the scope
// its subtree caches; Own or Remap given after the subtree ran must still
// reach the subtree's variable reads.
func TestTreeReferenceOwnAndRemapAfterRun(t *testing.T) {
	leaf := bt.NewSetVariable("seen", true)
	ref := bt.NewTreeReference("flee.lua", leaf)
	tr := bt.NewBehaviorTree(ref)
	tr.Tick(1)
	bb, name, ok := bt.ResolveVariable(leaf, "speed")
	if !ok || bb != tr.Blackboard || name != "speed" {
		t.Fatalf("pass-through: got (%p, %q, %v), want the tree's blackboard, speed", bb, name, ok)
	}
	ref.Own("speed", 3.0)
	bb, name, _ = bt.ResolveVariable(leaf, "speed")
	if bb != ref.Variables() || name != "speed" {
		t.Fatalf("after Own: got (%p, %q), want the reference's own blackboard %p", bb, name, ref.Variables())
	}
	ref.Remap("target", "enemy")
	bb, name, _ = bt.ResolveVariable(leaf, "target")
	if bb != tr.Blackboard || name != "enemy" {
		t.Fatalf("after Remap: got (%p, %q), want the tree's blackboard, enemy", bb, name)
	}
}

// A pass-through reference inside a remapping one: names resolve through
// the outer reference's remap, before and after the inner gets its own.
func TestTreeReferencePassThroughInsideRemap(t *testing.T) {
	leaf := bt.NewSetVariable("seen", true)
	inner := bt.NewTreeReference("inner.lua", leaf)
	outer := bt.NewTreeReference("outer.lua", inner)
	outer.Remap("target", "enemy")
	tr := bt.NewBehaviorTree(outer)
	tr.Tick(1)
	bb, name, _ := bt.ResolveVariable(leaf, "target")
	if bb != tr.Blackboard || name != "enemy" {
		t.Fatalf("got (%p, %q), want the tree's blackboard, enemy", bb, name)
	}
	inner.Remap("target", "goal")
	_, name, _ = bt.ResolveVariable(leaf, "target")
	if name != "goal" {
		t.Fatalf("after the inner remap: name %q, want goal (no outer remap of goal)", name)
	}
	inner.Remap("goal", "x") // not used by target: target -> goal -> goal
	outer.Remap("goal", "prize")
	_, name, _ = bt.ResolveVariable(leaf, "target")
	if name != "prize" {
		t.Fatalf("after the outer remap of goal: name %q, want prize", name)
	}
}
