package goap

import "testing"

// The bound a successor inherits from its parent's evaluation (LP dual and
// LM-cut landmarks, inherit.go) never exceeds the successor's true cost to
// the goal (found by the independent uniform-cost search of ucs_test.go),
// and is above the goal-count bound for some successors (else it would do
// nothing).
func TestInheritedBoundAdmissible(t *testing.T) {
	raised := 0
	for _, spec := range resourceFamily()[:5] { // 20 actions: 1 tier, seeds 1-4; 2 tiers, seed 1
		start, g, actions := resourceDomain(spec)
		p := &Planner{}
		if _, err := p.Plan(start, g, actions); err != nil {
			t.Fatalf("%v: %v", spec, err)
		}
		for i := 1; i < len(p.nodes); i++ {
			n := &p.nodes[i]
			rec := p.nodes[n.parent].rec
			if rec < 0 {
				continue
			}
			st := p.nodeState(int32(i))
			h := p.inheritedBound(st, rec, p.recHits(rec), int(n.action))
			ws := NewWorldState()
			for id, s := range st {
				if s.kind != KindNone {
					ws.Set(p.keyNames[id], p.decode(s))
				}
			}
			want, _, ok, _ := ucsOptimal(ws, g, actions, 200000)
			if !ok {
				t.Fatalf("%v: node %d %v: no plan found by uniform-cost search", spec, i, ws)
			}
			if h > want {
				t.Fatalf("%v: node %d %v: inherited bound %v above the optimal cost to go %v", spec, i, ws, h, want)
			}
			if h > p.quickHeuristic(st) {
				raised++
			}
		}
	}
	if raised == 0 {
		t.Fatal("no inherited bound above the goal-count bound")
	}
	if testing.Verbose() {
		t.Logf("%d inherited bounds above the goal-count bound", raised)
	}
}
