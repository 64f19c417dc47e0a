package bt

import (
	"reflect"
	"testing"
)

// TestReferenceLifecycleQuiet: a TreeReference's OnAwake, OnStart, OnEnd
// and OnReset change nothing of it (the Lua binding skips them for a
// reference whose class overrides none: lua/btlib Task.quiet). A state
// added to one of them must drop that shortcut.
func TestReferenceLifecycleQuiet(t *testing.T) {
	r := NewTreeReference("sub.lua", NewSequence(NewIdle()))
	r.Own("speed", 3.0)
	tr := NewBehaviorTree(NewSequence(r))
	tr.Tick(1)
	before := *r
	for name, f := range map[string]func(){"OnAwake": r.OnAwake, "OnStart": r.OnStart, "OnEnd": r.OnEnd, "OnReset": r.OnReset} {
		f()
		if !reflect.DeepEqual(before, *r) {
			t.Fatalf("%s changed the reference", name)
		}
	}
}
