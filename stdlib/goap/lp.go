package goap

import (
	"math"
	"slices"
)

// The state-equation (net-change) heuristic: an operator-counting LP
// bound (Bonet 2013; Pommerening, Röger, Helmert & Bonet 2014), here over
// numeric keys. For a key k that only Add effects change, every plan from
// state s ends with
//
//	s[k] + sum over actions a of count(a) * delta_a(k)
//
// as k's final value, and that value is bounded: below by a goal condition
// "k >= n" (or "k > n", "k == n": at least n), above by "k <= n" (or "<",
// "=="), and below by the key's invariant floor: when every action that
// lowers k requires "k >= t" (or "> t") with t + delta >= L, k never ends
// below min(s[k], L) (a crafting chain's intermediates and every spent
// resource have floor 0). The least cost sum over a of cost(a) * x(a) with
// real x >= 0 satisfying all those rows is a lower bound on the cost of any
// plan (the counts of a plan satisfy them), so the heuristic is admissible;
// where no x satisfies them, no plan exists (a dead end). Unlike h_max it
// adds up: a chain of crafts needs the resources of every tier, and buying
// them needs the gold of every unit.
//
// The LP min c.x s.t. A x >= b, x >= 0 is solved through its dual, max b.y
// s.t. A^T y <= c, y >= 0, whose feasible region does not depend on the
// state (only b does) and contains y = 0 (costs are >= 0). So the primal
// simplex on the dual starts from the previous state's optimal basis (warm
// start, usually a few pivots), every y it visits is feasible, and any
// feasible y bounds the cost from below (weak duality): the pivot cap and
// the final check against the original rows (y scaled down if rounding made
// it infeasible) keep the value admissible whatever the rounding.

// lpRow is one row of the primal: sign * (s[key] + sum x_a delta_a(key))
// >= sign * bound.
type lpRow struct {
	key   int32
	sign  float64 // +1: lower bound, -1: upper bound
	bound float64
	floor bool // bound is min(s[key], bound) (the invariant floor)
}

// lpMaxPivots caps the pivots of one heuristic evaluation; the bound of the
// current (feasible) dual point is used when the cap is reached.
const lpMaxPivots = 200

// lpRefresh is the number of pivots after which the tableau is rebuilt
// from the original rows (bounds rounding drift).
const lpRefresh = 20000

// compileLP builds the rows and the dual tableau for the compiled problem.
func (p *Planner) compileLP() {
	p.lpRows = p.lpRows[:0]
	p.lpVars = p.lpVars[:0]
	if p.DisableHeuristic {
		return
	}
	// Keys eligible: numbers changed by Add only.
	k := p.k
	for id := 0; id < k; id++ {
		if !p.keyAdd[id] || p.keyKind[id] != KindNumber || p.start[id].kind != KindNumber || p.keySet(int32(id)) {
			continue
		}
		lo, hasLo := math.Inf(-1), false
		hi, hasHi := math.Inf(1), false
		for i := range p.goal {
			c := &p.goal[i]
			if c.key != int32(id) {
				continue
			}
			n := c.val.number()
			switch c.op {
			case OpGe, OpGt:
				lo, hasLo = max(lo, n), true
			case OpLe, OpLt:
				hi, hasHi = min(hi, n), true
			case OpEq:
				lo, hi, hasLo, hasHi = max(lo, n), min(hi, n), true, true
			}
		}
		floor, hasFloor := p.invariantFloor(int32(id))
		if hasLo && (!hasFloor || lo >= floor) {
			p.lpRows = append(p.lpRows, lpRow{key: int32(id), sign: 1, bound: lo})
		} else if hasFloor {
			p.lpRows = append(p.lpRows, lpRow{key: int32(id), sign: 1, bound: floor, floor: true})
			if hasLo {
				p.lpRows = append(p.lpRows, lpRow{key: int32(id), sign: 1, bound: lo})
			}
		}
		if hasHi {
			p.lpRows = append(p.lpRows, lpRow{key: int32(id), sign: -1, bound: hi})
		}
	}
	if len(p.lpRows) == 0 {
		return
	}
	// Variables: the actions that change a row's key.
	for ai := range p.acts {
		ca := &p.acts[ai]
		for r := range p.lpRows {
			if p.actionDelta(ca, p.lpRows[r].key) != 0 {
				p.lpVars = append(p.lpVars, int32(ai))
				break
			}
		}
	}
	m, n := len(p.lpRows), len(p.lpVars)
	// A[r][j]: coefficient of variable j in row r.
	p.lpA = slices.Grow(p.lpA[:0], m*n)[:m*n]
	p.lpC = slices.Grow(p.lpC[:0], n)[:n]
	for j, ai := range p.lpVars {
		ca := &p.acts[ai]
		p.lpC[j] = ca.lowerBound
		for r := range p.lpRows {
			p.lpA[r*n+j] = p.lpRows[r].sign * p.actionDelta(ca, p.lpRows[r].key)
		}
	}
	p.lpB = slices.Grow(p.lpB[:0], m+n)[:m+n]
	p.lpY = slices.Grow(p.lpY[:0], m)[:m]
	p.lpRed = slices.Grow(p.lpRed[:0], len(p.acts))[:len(p.acts)]
	p.lpResetTableau()
}

// invariantFloor returns the floor L of key id (see the comment above) and
// whether every action lowering the key guards it.
func (p *Planner) invariantFloor(id int32) (float64, bool) {
	floor, lowered := math.Inf(1), false
	for ai := range p.acts {
		ca := &p.acts[ai]
		d := p.actionDelta(ca, id)
		if d >= 0 {
			continue
		}
		lowered = true
		t := math.Inf(-1)
		for j := ca.pre0; j < ca.pre1; j++ {
			c := &p.conds[j]
			if c.key == id && (c.op == OpGe || c.op == OpGt || c.op == OpEq) && c.val.kind == KindNumber {
				t = max(t, c.val.number())
			}
		}
		if math.IsInf(t, -1) {
			return 0, false
		}
		floor = min(floor, t+d)
	}
	return floor, lowered
}

// actionDelta returns the net change an action's Add effects make to key.
func (p *Planner) actionDelta(ca *cAction, key int32) float64 {
	d := 0.0
	for e := ca.eff0; e < ca.eff1; e++ {
		if p.effs[e].key == key && p.effs[e].op == EffectAdd {
			d += p.effs[e].val.number()
		}
	}
	return d
}

// lpResetTableau sets the dual tableau to the slack basis: rows are the
// dual constraints (one per variable j: sum_r A[r][j] y_r + t_j = c_j),
// columns y_0..y_{m-1}, t_0..t_{n-1}, then the right-hand side.
func (p *Planner) lpResetTableau() {
	m, n := len(p.lpRows), len(p.lpVars)
	w := m + n + 1
	p.lpT = slices.Grow(p.lpT[:0], n*w)[:n*w]
	clear(p.lpT)
	p.lpBasis = slices.Grow(p.lpBasis[:0], n)[:n]
	for j := 0; j < n; j++ {
		row := p.lpT[j*w : (j+1)*w]
		for r := 0; r < m; r++ {
			row[r] = p.lpA[r*n+j]
		}
		row[m+j] = 1
		row[m+n] = p.lpC[j]
		p.lpBasis[j] = int32(m + j)
	}
	p.lpPivots = 0
}

// lpBound returns the state-equation bound of st, +Inf for a dead end, 0
// when the problem has no rows.
func (p *Planner) lpBound(st []slot) float64 {
	m, n := len(p.lpRows), len(p.lpVars)
	if m == 0 {
		return 0
	}
	if p.lpPivots > lpRefresh {
		p.lpResetTableau()
	}
	// Dual objective coefficients b (zero for the slack columns).
	b := p.lpB
	clear(b)
	for r := range p.lpRows {
		row := &p.lpRows[r]
		v := st[row.key].number()
		bound := row.bound
		if row.floor {
			bound = min(bound, v)
		}
		b[r] = row.sign * (bound - v)
	}
	w := m + n + 1
	T := p.lpT
	const eps = 1e-9
	for it := 0; it < lpMaxPivots; it++ {
		// Entering column: the first with a negative reduced cost (Bland's
		// rule: no cycling).
		enter := -1
		for j := 0; j < m+n; j++ {
			rc := -b[j]
			for i := 0; i < n; i++ {
				if t := T[i*w+j]; t != 0 {
					rc += b[p.lpBasis[i]] * t
				}
			}
			if rc < -eps {
				enter = j
				break
			}
		}
		if enter < 0 {
			break
		}
		leave, best := -1, 0.0
		for i := 0; i < n; i++ {
			t := T[i*w+enter]
			if t <= eps {
				continue
			}
			ratio := max(T[i*w+m+n], 0) / t
			if leave < 0 || ratio < best || (ratio == best && p.lpBasis[i] < p.lpBasis[leave]) {
				leave, best = i, ratio
			}
		}
		if leave < 0 {
			if p.lpUnbounded(enter) {
				return math.Inf(1)
			}
			break
		}
		p.lpPivot(leave, enter)
	}
	return p.lpValue()
}

// lpPivot makes column enter basic in row leave.
func (p *Planner) lpPivot(leave, enter int) {
	m, n := len(p.lpRows), len(p.lpVars)
	w := m + n + 1
	T := p.lpT
	pr := T[leave*w : (leave+1)*w]
	inv := 1 / pr[enter]
	for j := range pr {
		pr[j] *= inv
	}
	pr[enter] = 1
	for i := 0; i < n; i++ {
		if i == leave {
			continue
		}
		row := T[i*w : (i+1)*w]
		f := row[enter]
		if f == 0 {
			continue
		}
		for j := range row {
			row[j] -= f * pr[j]
		}
		row[enter] = 0
	}
	p.lpBasis[leave] = int32(enter)
	p.lpPivots++
}

// lpValue reads y from the basis, scales it into the original dual
// constraints if rounding pushed it out, and returns b.y.
func (p *Planner) lpValue() float64 {
	m, n := len(p.lpRows), len(p.lpVars)
	w := m + n + 1
	y := p.lpY
	clear(y)
	for i, col := range p.lpBasis {
		if int(col) < m {
			y[col] = max(p.lpT[i*w+m+n], 0)
		}
	}
	scale := 1.0
	for j := 0; j < n; j++ {
		s := 0.0
		for r := 0; r < m; r++ {
			s += p.lpA[r*n+j] * y[r]
		}
		if s > p.lpC[j] {
			scale = min(scale, p.lpC[j]/s)
		}
	}
	v := 0.0
	for r := 0; r < m; r++ {
		y[r] *= scale
		v += p.lpB[r] * y[r]
	}
	// Reduced costs c - A^T y (>= 0 up to rounding; clamped).
	for ai := range p.acts {
		p.lpRed[ai] = p.acts[ai].lowerBound
	}
	for j, ai := range p.lpVars {
		s := 0.0
		for r := 0; r < m; r++ {
			s += p.lpA[r*n+j] * y[r]
		}
		p.lpRed[ai] = max(0, (p.lpC[j]-s)*(1-1e-9))
	}
	if v <= 0 {
		return 0
	}
	return v * (1 - 1e-9)
}

// lpUnbounded checks, on the original rows, the ray of the dual along
// column enter: y grows without bound iff the primal is infeasible.
func (p *Planner) lpUnbounded(enter int) bool {
	m, n := len(p.lpRows), len(p.lpVars)
	w := m + n + 1
	dy := p.lpY
	clear(dy)
	if enter < m {
		dy[enter] = 1
	}
	for i, col := range p.lpBasis {
		if int(col) < m {
			dy[col] = -p.lpT[i*w+enter]
		}
	}
	gain := 0.0
	for r := 0; r < m; r++ {
		if dy[r] < -1e-9 {
			return false
		}
		gain += p.lpB[r] * dy[r]
	}
	if gain <= 1e-9 {
		return false
	}
	for j := 0; j < n; j++ {
		s := 0.0
		for r := 0; r < m; r++ {
			s += p.lpA[r*n+j] * dy[r]
		}
		if s > 1e-9 {
			return false
		}
	}
	return true
}
