package goap

import (
	"container/heap"
	"slices"
)

// An independent uniform-cost search (Dijkstra) used as the optimality
// oracle: it shares nothing with the Planner but the public Condition,
// Effect and WorldState semantics. States are keyed by WorldState.String();
// no heuristic, no pruning, no compiled form. The one reduction: keys that
// no precondition or goal condition reads are left out of a state's
// identity (they cannot change what is applicable or whether the goal holds,
// and costs here are static).

type ucsItem struct {
	g     float64
	seq   int
	state *WorldState
	steps int
}

type ucsHeap []ucsItem

func (h ucsHeap) Len() int { return len(h) }
func (h ucsHeap) Less(i, j int) bool {
	if h[i].g != h[j].g {
		return h[i].g < h[j].g
	}
	return h[i].seq < h[j].seq
}
func (h ucsHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *ucsHeap) Push(x any)   { *h = append(*h, x.(ucsItem)) }
func (h *ucsHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// ucsOptimal returns the optimal plan cost and its number of steps, whether
// a plan exists, and the number of states settled. It gives up (ok false,
// settled > limit) after limit settled states.
func ucsOptimal(start *WorldState, g *Goal, actions []*Action, limit int) (cost float64, steps int, ok bool, settled int) {
	read := map[string]bool{}
	for _, c := range g.Conditions {
		read[c.Key] = true
	}
	for _, a := range actions {
		for _, c := range a.Preconditions {
			read[c.Key] = true
		}
	}
	var keys []string
	for k := range read {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var buf []byte
	identity := func(s *WorldState) string {
		buf = buf[:0]
		for _, k := range keys {
			v, ok := s.Get(k)
			if ok {
				buf = append(buf, v.String()...)
			}
			buf = append(buf, ',')
		}
		return string(buf)
	}
	best := map[string]float64{}
	done := map[string]bool{}
	h := &ucsHeap{{state: start.Clone()}}
	best[identity(start)] = 0
	seq := 0
	for h.Len() > 0 {
		it := heap.Pop(h).(ucsItem)
		key := identity(it.state)
		if done[key] {
			continue
		}
		done[key] = true
		settled++
		if g.SatisfiedBy(it.state) {
			return it.g, it.steps, true, settled
		}
		if settled > limit {
			return 0, 0, false, settled
		}
		for _, a := range actions {
			if !a.Applicable(it.state) {
				continue
			}
			next := it.state.Clone()
			a.Apply(next)
			nk := identity(next)
			ng := it.g + a.CostIn(it.state)
			if b, seen := best[nk]; seen && b <= ng {
				continue
			}
			best[nk] = ng
			seq++
			heap.Push(h, ucsItem{g: ng, seq: seq, state: next, steps: it.steps + 1})
		}
	}
	return 0, 0, false, settled
}
