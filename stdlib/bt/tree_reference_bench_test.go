package bt_test

import (
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// refTrees builds n trees, each a Sequence over tenNodeTree, written
// inline, under a ReturnSuccess decorator (the cost of one more parent),
// or under a TreeReference (which also owns one variable, so its
// subtree's variable lookups go through its scope).
func refTrees(n int, ref, decorated bool) []*bt.BehaviorTree {
	out := make([]*bt.BehaviorTree, n)
	for i := range out {
		var sub bt.Task = tenNodeTree()
		if ref {
			r := bt.NewTreeReference("sub.lua", sub)
			r.Own("speed", 3.0)
			sub = r
		}
		if decorated {
			sub = bt.NewReturnSuccess(sub)
		}
		tr := bt.NewBehaviorTree(bt.NewSequence(sub))
		tr.RestartWhenComplete = true
		out[i] = tr
	}
	return out
}

// BenchmarkReferenceGo: 1000 trees of Go tasks, the 10-node tree inline
// or through a tree reference: build (ns/op per 1000 trees) and tick
// (ns/op per tick of the 1000 trees).
func BenchmarkReferenceGo(b *testing.B) {
	for _, mode := range []struct {
		name           string
		ref, decorated bool
	}{{"inline", false, false}, {"decorated", false, true}, {"reference", true, false}} {
		b.Run("build/"+mode.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				refTrees(1000, mode.ref, mode.decorated)
			}
		})
		b.Run("tick/"+mode.name, func(b *testing.B) {
			trees := refTrees(1000, mode.ref, mode.decorated)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				for _, tr := range trees {
					tr.Tick(1.0 / 60)
				}
			}
		})
	}
}
