package goap

import (
	"encoding/binary"
	"math"
	"slices"
)

// An independent uniform-cost search (Dijkstra) used as the optimality
// oracle: it shares nothing with the Planner but the public Condition,
// Action.CostIn and Value semantics (Condition.Holds through its own
// StateReader). A state is a vector of Values over the keys of the problem
// (the start's, the conditions' and the effects'), with effects applied by
// its own code to the Effect documentation (Set stores the value, Add adds
// to the number, a missing or non-number value counting as 0). No heuristic,
// no pruning, no compiled form. The one reduction: keys that no
// precondition or goal condition reads are left out of a state's identity
// (they cannot change what is applicable or whether the goal holds) unless
// an action has a CostFunc (which may read any key).

type ucsItem struct {
	g     float64
	seq   int
	state []Value // the values of the state's keys
	steps int
}

type ucsHeap []ucsItem

func (h ucsHeap) less(i, j int) bool {
	if h[i].g != h[j].g {
		return h[i].g < h[j].g
	}
	return h[i].seq < h[j].seq
}

func (h *ucsHeap) push(it ucsItem) {
	*h = append(*h, it)
	q := *h
	for i := len(q) - 1; i > 0; {
		up := (i - 1) / 2
		if !q.less(i, up) {
			break
		}
		q[i], q[up] = q[up], q[i]
		i = up
	}
}

func (h *ucsHeap) pop() ucsItem {
	q := *h
	top := q[0]
	q[0] = q[len(q)-1]
	q = q[:len(q)-1]
	for i := 0; ; {
		c := 2*i + 1
		if c >= len(q) {
			break
		}
		if c+1 < len(q) && q.less(c+1, c) {
			c++
		}
		if !q.less(c, i) {
			break
		}
		q[i], q[c] = q[c], q[i]
		i = c
	}
	*h = q
	return top
}

// ucsView is a StateReader over one state vector.
type ucsView struct {
	index map[string]int
	vals  []Value
}

// Get implements StateReader: a KindNone entry is a missing key.
func (v *ucsView) Get(key string) (Value, bool) {
	i, ok := v.index[key]
	if !ok || v.vals[i].Kind() == KindNone {
		return Value{}, false
	}
	return v.vals[i], true
}

// ucsOptimal returns the optimal plan cost and its number of steps, whether
// a plan exists, and the number of states settled. It gives up (ok false,
// settled > limit) after limit settled states.
func ucsOptimal(start *WorldState, g *Goal, actions []*Action, limit int) (cost float64, steps int, ok bool, settled int) {
	read := map[string]bool{}
	all := map[string]bool{}
	costFunc := false
	for _, c := range g.Conditions {
		read[c.Key] = true
	}
	for _, a := range actions {
		costFunc = costFunc || a.CostFunc != nil
		for _, c := range a.Preconditions {
			read[c.Key] = true
		}
		for _, e := range a.Effects {
			all[e.Key] = true
		}
	}
	for k := range read {
		all[k] = true
	}
	if start != nil {
		for _, k := range start.Keys() {
			all[k] = true
		}
	}
	var keys []string
	for k := range all {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	index := make(map[string]int, len(keys))
	var identityKeys []int
	for i, k := range keys {
		index[k] = i
		if read[k] || costFunc {
			identityKeys = append(identityKeys, i)
		}
	}
	n := len(keys)
	// States are carved from chunks (no copying of a growing slice).
	var chunk []Value
	alloc := func() []Value {
		if len(chunk) < n {
			chunk = make([]Value, 4096*max(n, 1))
		}
		v := chunk[:n:n]
		chunk = chunk[n:]
		return v
	}
	first := alloc()
	for i, k := range keys {
		first[i], _ = start.Get(k)
	}
	var buf []byte
	// identity encodes the identity keys of st into buf.
	identity := func(st []Value) {
		buf = buf[:0]
		for _, i := range identityKeys {
			v := st[i]
			buf = append(buf, byte(v.Kind()))
			switch v.Kind() {
			case KindBool:
				if b, _ := v.AsBool(); b {
					buf = append(buf, 1)
				} else {
					buf = append(buf, 0)
				}
			case KindNumber:
				f, _ := v.AsNumber()
				if f == 0 {
					f = 0 // -0 and 0 are the same number
				}
				buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(f))
			case KindString:
				s, _ := v.AsString()
				buf = binary.LittleEndian.AppendUint32(buf, uint32(len(s)))
				buf = append(buf, s...)
			}
		}
	}
	// apply applies a's effects, in order, to st.
	apply := func(a *Action, st []Value) {
		for _, e := range a.Effects {
			i := index[e.Key]
			switch e.Op {
			case EffectSet:
				st[i] = e.Value
			case EffectAdd:
				cur, _ := st[i].AsNumber()
				add, _ := e.Value.AsNumber()
				st[i] = Number(cur + add)
			}
		}
	}
	// seen: identity -> index in rec; the map lookups with string(buf) do
	// not allocate, only insertions do.
	type ucsRec struct {
		g    float64
		done bool
	}
	seen := map[string]int32{}
	var rec []ucsRec
	h := &ucsHeap{{state: first}}
	identity(first)
	seen[string(buf)] = 0
	rec = append(rec, ucsRec{})
	seq := 0
	view := &ucsView{index: index}
	next := make([]Value, n)
	for len(*h) > 0 {
		it := h.pop()
		st := it.state
		identity(st)
		r := &rec[seen[string(buf)]]
		if r.done || r.g < it.g {
			continue
		}
		r.done = true
		settled++
		view.vals = st
		if g.SatisfiedBy(view) {
			return it.g, it.steps, true, settled
		}
		if settled > limit {
			return 0, 0, false, settled
		}
		for _, a := range actions {
			view.vals = st
			if !a.Applicable(view) {
				continue
			}
			ng := it.g + a.CostIn(view)
			copy(next, view.vals)
			apply(a, next)
			identity(next)
			if i, ok := seen[string(buf)]; ok {
				if rec[i].done || rec[i].g <= ng {
					continue
				}
				rec[i].g = ng
			} else {
				seen[string(buf)] = int32(len(rec))
				rec = append(rec, ucsRec{g: ng})
			}
			state := alloc()
			copy(state, next)
			seq++
			h.push(ucsItem{g: ng, seq: seq, state: state, steps: it.steps + 1})
		}
	}
	return 0, 0, false, settled
}
