package goap

// Inherited bounds. A node's full evaluation (LP + LM-cut, heuristic.go)
// leaves a record: the LP's dual solution y and the landmarks LM-cut found
// with their costs m_L. For a successor reached by action a, every plan from
// it, prefixed with a, is a plan from the parent: it uses an action of each
// landmark L that does not contain a. The costs partition each action's
// cost into (A^T y)_a, its LP share, and the landmark costs it pays for
// (their sum is at most its reduced cost), so a plan from the successor
// costs at least
//
//	b(successor) . y + sum of m_L over the landmarks L not containing a
//
// where b(successor) . y is the dual objective of the successor's LP at
// the parent's y (feasible for every state: only b depends on the state).
// It is admissible, and is known when the successor is generated: a
// successor reached by an action that serves no landmark and no LP row (a
// move to a place the parent had no use for) gets its parent's h, not the
// weak goal-count bound, and so goes behind the nodes that lead somewhere
// instead of reaching the front and being evaluated for nothing.

// lmRec is one landmark of a record: actions recActs[a0:a1], cost m.
type lmRec struct {
	a0, a1 int32
	m      float64
}

// beginRecord starts the record of the evaluation under way: it stores the
// LP's y (p.lpY) and returns the record's index; lmcut appends the
// landmarks. Records are addressed by the offset of their y in p.recY.
func (p *Planner) beginRecord() int32 {
	idx := int32(len(p.recY))
	p.recY = append(p.recY, p.lpY...)
	p.recY = append(p.recY, float64(len(p.recLM))) // first landmark
	return idx
}

// recHits fills p.recHit with, per action, the total cost of the
// landmarks of record rec containing it, and returns the total cost of the
// record's landmarks (0 for rec -1).
func (p *Planner) recHits(rec int32) float64 {
	if rec < 0 {
		return 0
	}
	p.recHit = append(p.recHit[:0], make([]float64, len(p.acts))...)
	lm0, lm1 := p.recRange(rec)
	total := 0.0
	for _, l := range p.recLM[lm0:lm1] {
		total += l.m
		for _, a := range p.recActs[l.a0:l.a1] {
			p.recHit[a] += l.m
		}
	}
	return total
}

// recRange returns the range of record rec's landmarks in p.recLM.
func (p *Planner) recRange(rec int32) (int, int) {
	m := len(p.lpRows)
	lm0 := int(p.recY[int(rec)+m])
	lm1 := len(p.recLM)
	if end := int(rec) + m + 1; end < len(p.recY) {
		lm1 = int(p.recY[end+m])
	}
	return lm0, lm1
}

// inheritedBound returns the bound above for the successor state st of
// the node whose record is rec, reached by action a (recHits(rec) must
// have been called; total is its result), rounded to the cost grain.
func (p *Planner) inheritedBound(st []slot, rec int32, total float64, a int) float64 {
	y := p.recY[rec : int(rec)+len(p.lpRows)]
	v := 0.0
	for r := range p.lpRows {
		row := &p.lpRows[r]
		x := st[row.key].number()
		bound := row.bound
		if row.floor {
			bound = min(bound, x)
		}
		v += row.sign * (bound - x) * y[r]
	}
	h := v*(1-1e-9) + (total-p.recHit[a])*(1-1e-9)
	if h <= 0 {
		return 0
	}
	return p.roundToGrain(h)
}
