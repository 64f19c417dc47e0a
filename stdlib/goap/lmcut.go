package goap

import "math"

// LM-cut (Helmert & Domshlak 2009) at the LP's reduced costs: repeatedly
// compute h_max (hmax.go) under the current costs, take the cut of the
// justification graph (each action linked from its dearest precondition,
// its precondition choice, to its effects) between the start and the goal
// zone (the atoms from which the dearest goal atom is reached through
// zero-cost achievers), add the cheapest cost in the cut and subtract it
// from every action of the cut, until h_max is 0. Each cut is a
// disjunctive action landmark (every plan uses one of its actions) and the
// costs subtracted partition the action costs, so the sum is admissible for
// the costs given; at the reduced costs of the state-equation LP (lp.go),
// added to the LP bound, it stays admissible (a cost partitioning). Unlike
// h_max, which counts only the dearest chain of conditions, it adds up
// independent needs: going to the quarry, the mine and the lake for three
// resources costs three moves. An action whose preconditions all cost 0 is
// linked from the start (a superset of the cut is still a landmark).

// lmMaxCuts caps the cuts of one evaluation; stopping early stays
// admissible (the landmarks so far plus h_max at the remaining costs).
const lmMaxCuts = 64

// lmEps is the cost below which an action counts as free.
const lmEps = 1e-9

// compileLMCut builds the static tables of LM-cut: for each atom, the h_max
// actions achieving it and those having it as a precondition.
func (p *Planner) compileLMCut() {
	nat := len(p.hmAtoms)
	p.lmAchHead = append(p.lmAchHead[:0], make([]int32, nat+1)...)
	for i := range p.hmActs {
		for _, e := range p.hmAch[p.hmActs[i].ach0:p.hmActs[i].ach1] {
			p.lmAchHead[e+1]++
		}
	}
	for i := 1; i <= nat; i++ {
		p.lmAchHead[i] += p.lmAchHead[i-1]
	}
	p.lmAchBy = append(p.lmAchBy[:0], make([]int32, p.lmAchHead[nat])...)
	fill := append(p.lmPcfHead[:0], p.lmAchHead[:nat]...)
	for i := range p.hmActs {
		for _, e := range p.hmAch[p.hmActs[i].ach0:p.hmActs[i].ach1] {
			p.lmAchBy[fill[e]] = int32(i)
			fill[e]++
		}
	}
	p.lmPcfHead = fill
	// The same per atom for the actions having it as a precondition.
	p.lmPreHead = append(p.lmPreHead[:0], make([]int32, nat+1)...)
	for i := range p.hmActs {
		for _, q := range p.hmPre[p.hmActs[i].pre0:p.hmActs[i].pre1] {
			p.lmPreHead[q+1]++
		}
	}
	for i := 1; i <= nat; i++ {
		p.lmPreHead[i] += p.lmPreHead[i-1]
	}
	p.lmPreBy = append(p.lmPreBy[:0], make([]int32, p.lmPreHead[nat])...)
	fill = append(fill[:0], p.lmPreHead[:nat]...)
	for i := range p.hmActs {
		for _, q := range p.hmPre[p.hmActs[i].pre0:p.hmActs[i].pre1] {
			p.lmPreBy[fill[q]] = int32(i)
			fill[q]++
		}
	}
	// Atom sets of the free-reachability test (lmFreeReach), for up to 64
	// atoms.
	p.lmBits = nat <= 64
	p.lmPreMask, p.lmAchMask, p.lmGoalMask = p.lmPreMask[:0], p.lmAchMask[:0], 0
	if !p.lmBits {
		return
	}
	for i := range p.hmActs {
		ha := &p.hmActs[i]
		var pm, am uint64
		for _, q := range p.hmPre[ha.pre0:ha.pre1] {
			pm |= 1 << q
		}
		for _, e := range p.hmAch[ha.ach0:ha.ach1] {
			am |= 1 << e
		}
		p.lmPreMask = append(p.lmPreMask, pm)
		p.lmAchMask = append(p.lmAchMask, am)
	}
	for _, g := range p.hmGoal {
		p.lmGoalMask |= 1 << g
	}
}

// lmFreeReach reports whether the goal atoms are reached from the atoms
// holding (p.lmHeld) through actions whose cost in p.lmCost is at most
// lmEps: then h_max at those costs is 0 (up to lmEps per step) and LM-cut
// has nothing left to cut. A fixpoint over atom bit sets, much cheaper than
// the h_max pass it saves: after the seed landmarks (lmSeed) took their
// costs, most evaluations end here. Only for problems of up to 64 atoms
// (p.lmBits); false otherwise.
func (p *Planner) lmFreeReach() bool {
	if !p.lmBits {
		return false
	}
	var reached uint64
	for i, held := range p.lmHeld {
		if held {
			reached |= 1 << i
		}
	}
	if p.lmGoalMask&^reached == 0 {
		return true
	}
	for changed := true; changed; {
		changed = false
		for i := range p.hmActs {
			am := p.lmAchMask[i]
			if am&^reached == 0 || p.lmPreMask[i]&^reached != 0 || p.lmCost[p.hmActs[i].act] > lmEps {
				continue
			}
			reached |= am
			changed = true
		}
		if p.lmGoalMask&^reached == 0 {
			return true
		}
	}
	return false
}

// lmcut returns the LM-cut bound of st at the action costs red (indexed
// like p.acts), +Inf for a dead end.
func (p *Planner) lmcut(st []slot, red []float64) float64 {
	na, nat, nh := len(p.acts), len(p.hmAtoms), len(p.hmActs)
	p.lmCost = append(p.lmCost[:0], red[:na]...)
	p.lmHeld = append(p.lmHeld[:0], make([]bool, nat)...)
	for i := range p.hmAtoms {
		p.lmHeld[i] = p.hmAtoms[i].holds(st)
	}
	p.lmPcf = append(p.lmPcf[:0], make([]int32, nh)...)
	pcf := p.lmPcf
	next := append(p.lmNext[:0], make([]int32, nh)...)
	head := append(p.lmPcfHead[:0], make([]int32, nat+1)...) // [0]: the start
	zone := append(p.lmZone[:0], make([]uint8, nat)...)
	queue := p.lmQueue[:0]
	defer func() { p.lmNext, p.lmPcfHead, p.lmZone, p.lmQueue = next, head, zone, queue }()
	h := p.lmSeed()
	if p.lmFreeReach() {
		return h // nothing left to cut (most often: the seeds took it)
	}
	for cut := 0; ; cut++ {
		p.lmHmax(cut == 0)
		gAtom, gCost := int32(-1), 0.0
		for _, g := range p.hmGoal {
			if c := p.hmCost[g]; c > gCost {
				gAtom, gCost = g, c
			}
		}
		if math.IsInf(gCost, 1) {
			return gCost
		}
		if gCost <= lmEps || cut == lmMaxCuts {
			return h + gCost // (at the cap: the cuts plus h_max at the remaining costs)
		}
		// The actions listed per precondition choice (set by lmHmax).
		for i := range head {
			head[i] = -1
		}
		for i, best := range pcf {
			if best >= -1 {
				next[i] = head[best+1]
				head[best+1] = int32(i)
			}
		}
		// Goal zone (2): atoms reaching gAtom through free achievers.
		clear(zone)
		zone[gAtom] = 2
		queue = append(queue[:0], gAtom)
		for len(queue) > 0 {
			e := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			for _, i := range p.lmAchBy[p.lmAchHead[e]:p.lmAchHead[e+1]] {
				q := pcf[i]
				if q >= 0 && zone[q] != 2 && p.lmCost[p.hmActs[i].act] <= lmEps {
					zone[q] = 2
					queue = append(queue, q)
				}
			}
		}
		// Start side (1), from the start and the atoms holding in st,
		// without entering the goal zone; the cut is every action met on
		// the way that reaches into the goal zone.
		queue = append(queue[:0], -1)
		for i, held := range p.lmHeld {
			if held && zone[i] == 0 {
				zone[i] = 1
				queue = append(queue, int32(i))
			}
		}
		m := math.Inf(1)
		p.lmCut = p.lmCut[:0]
		for len(queue) > 0 {
			q := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			for i := head[q+1]; i >= 0; i = next[i] {
				ha := &p.hmActs[i]
				inCut := false
				for _, e := range p.hmAch[ha.ach0:ha.ach1] {
					switch zone[e] {
					case 2:
						inCut = true
					case 0:
						zone[e] = 1
						queue = append(queue, e)
					}
				}
				if inCut {
					p.lmCut = append(p.lmCut, i)
					m = min(m, p.lmCost[ha.act])
				}
			}
		}
		if m <= lmEps || math.IsInf(m, 1) {
			return h + gCost // no progress: h_max at the remaining costs
		}
		a0 := int32(len(p.recActs))
		for _, i := range p.lmCut {
			a := p.hmActs[i].act
			p.lmCost[a] = max(0, p.lmCost[a]-m)
			p.recActs = append(p.recActs, a)
		}
		p.recLM = append(p.recLM, lmRec{a0: a0, a1: int32(len(p.recActs)), m: m})
		h += m
	}
}

// Seeded LM-cut. A landmark of the parent (in its record, inherit.go) that
// does not contain the action leading to the node is a landmark of the node:
// every plan from the node, prefixed with that action, is a plan from the
// parent, so it uses one of the landmark's actions, and not through the
// prefix. Before cutting, lmcut takes those landmarks first at the node's
// own costs (greedy cost partitioning: each takes the least remaining cost
// of its actions, subtracted from all of them), then cuts on what remains.
// The sum stays admissible (the landmarks found by the cuts are landmarks
// at the remaining costs), and the cuts left to find are fewer: on the
// 30-action resource domains each evaluation costs about a third less
// (the values can differ from unseeded LM-cut, either way; plan costs do
// not).

// lmSeed applies the seed landmarks (the landmarks of record p.seedRec-1
// without the action p.seedAct, set by runSearch for the node being
// evaluated; none when p.seedRec is 0) to p.lmCost as above, records them
// as landmarks of this evaluation, and returns the sum taken.
func (p *Planner) lmSeed() float64 {
	if p.seedRec <= 0 {
		return 0
	}
	h := 0.0
	lm0, lm1 := p.recRange(p.seedRec - 1)
	for _, l := range p.recLM[lm0:lm1] {
		acts := p.recActs[l.a0:l.a1]
		m := math.Inf(1)
		skip := false
		for _, a := range acts {
			if a == p.seedAct {
				skip = true
				break
			}
			m = min(m, p.lmCost[a])
		}
		if skip || m <= lmEps || math.IsInf(m, 1) {
			continue
		}
		a0 := int32(len(p.recActs))
		for _, a := range p.recActs[l.a0:l.a1] {
			p.lmCost[a] = max(0, p.lmCost[a]-m)
			p.recActs = append(p.recActs, a)
		}
		p.recLM = append(p.recLM, lmRec{a0: a0, a1: int32(len(p.recActs)), m: m})
		h += m
	}
	return h
}

// lmHmax computes h_max (into p.hmCost) at the costs p.lmCost with the
// atoms holding in the state given by p.lmHeld (no numeric deficit
// floors), and each action's precondition choice (p.lmPcf: its dearest
// precondition, -1 when every precondition costs 0, -2 when one is
// unreachable), by label-correcting propagation: an atom whose cost drops
// re-relaxes the actions it is a precondition of. With reset false it
// starts from the current p.hmCost, h_max at the costs before the last cut,
// and propagates from the cut's actions (p.lmCut), the only ones whose cost
// dropped. Values only drop, each time to the value of an achiever at the
// current values, so they stay no lower than h_max (the greatest fixpoint)
// and end at a fixpoint: at h_max.
func (p *Planner) lmHmax(reset bool) {
	inf := math.Inf(1)
	q := p.lmQueue2[:0]
	if len(p.lmQueued) < len(p.hmAtoms) {
		p.lmQueued = make([]bool, len(p.hmAtoms))
	}
	queued := p.lmQueued[:len(p.hmAtoms)]
	relax := func(i int32) {
		ha := &p.hmActs[i]
		best, pc := int32(-1), 0.0
		for _, q := range p.hmPre[ha.pre0:ha.pre1] {
			if c := p.hmCost[q]; c > pc || (best < 0 && c > 0) {
				best, pc = q, c
			}
		}
		if pc == inf {
			p.lmPcf[i] = -2
			return
		}
		p.lmPcf[i] = best
		v := pc + p.lmCost[ha.act]
		for _, c := range p.hmAch[ha.ach0:ha.ach1] {
			if v < p.hmCost[c] {
				p.hmCost[c] = v
				if !queued[c] {
					queued[c] = true
					q = append(q, c)
				}
			}
		}
	}
	if reset {
		for i := range p.lmPcf {
			p.lmPcf[i] = -2 // unreachable until relaxed
		}
		for i, held := range p.lmHeld {
			if held {
				p.hmCost[i] = 0
				queued[i] = true
				q = append(q, int32(i))
			} else {
				p.hmCost[i] = inf
			}
		}
		for i := range p.hmActs {
			if p.hmActs[i].pre0 == p.hmActs[i].pre1 {
				relax(int32(i))
			}
		}
	} else {
		for _, i := range p.lmCut {
			relax(i)
		}
	}
	for head := 0; head < len(q); head++ {
		c := q[head]
		queued[c] = false
		for _, i := range p.lmPreBy[p.lmPreHead[c]:p.lmPreHead[c+1]] {
			relax(i)
		}
	}
	p.lmQueue2 = q
}
