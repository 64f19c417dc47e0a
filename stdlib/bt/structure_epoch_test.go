package bt_test

import (
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// An abort type given to a child after its parent has run takes effect at
// the parent's next start: with SetAbortType, or with a direct write of
// Abort followed by StructureChanged. (A composite caches whether a child
// aborts LowerPriority once per structure change.)
func TestAbortTypeChangedBetweenRuns(t *testing.T) {
	for _, how := range []string{"SetAbortType", "StructureChanged"} {
		t.Run(how, func(t *testing.T) {
			h := newHarness(t)
			l := &h.log
			g := abortSeq(bt.AbortNone, "G", newCond(l, "C", false, false, true), newAct(l, "A", R))
			h.root(name("Root", bt.NewSelector(g, newAct(l, "B", S, R, R))))
			h.tick(S, "start Root", "start G", "start C", "end C", "end G", "start B", "end B", "end Root")
			if how == "SetAbortType" {
				g.SetAbortType(bt.AbortLowerPriority)
			} else {
				g.Abort = bt.AbortLowerPriority
				bt.StructureChanged()
			}
			h.tick(R, "start Root", "start G", "start C", "end C", "end G", "start B")
			// Root watches G now: C changed, B is ended, G runs.
			h.tick(R, "start C", "end C", "end B", "start G", "start A")
		})
	}
}
