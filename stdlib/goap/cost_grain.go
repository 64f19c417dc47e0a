package goap

import "math"

// Rounding the heuristic up to the cost grain. When every action cost is a
// whole multiple of a grain q (1 for integer costs; a power of two below 1,
// down to 2^-maxGrainShift, for costs such as 0.5 or 0.25), every plan
// costs a multiple of q, so a lower bound h on the cost still to pay can be
// raised to the next multiple of q: the cheapest plan from the state costs
// at least that much. Consistency is kept: h(s) <= c + h(s') with c a
// multiple of q implies the same for the rounded values. The LP part of the
// heuristic (lp.go) is fractional (an 11-step resource chain's start state
// gets 17.5 where every plan costs a whole number), so this closes the gap
// between many states' f and the optimal cost: on the 30x12 and 30x14
// resource-chain domains about half the expanded nodes had f strictly
// between the optimal cost and the integer below it. A CostFunc (whose
// values may have any fraction) turns the rounding off.

// maxGrainShift is the finest grain tried: 2^-maxGrainShift.
const maxGrainShift = 10

// grainTolerance absorbs floating-point error in h before rounding (in
// grains, relative to h): a bound computed as 23.9999999 of a true 24 still
// rounds to 24, and a bound of 24.0000001 is not raised to 25.
const grainTolerance = 1e-6

// computeGrain sets p.grain: the cost grain of the compiled problem, or 0
// when costs have no common grain (see above).
func (p *Planner) computeGrain() {
	p.grain = 0
	for shift := 0; shift <= maxGrainShift; shift++ {
		scale := math.Ldexp(1, shift)
		ok := true
		for i := range p.acts {
			ca := &p.acts[i]
			if ca.costFunc != nil {
				return
			}
			if c := ca.lowerBound * scale; c != math.Trunc(c) || c > 1<<52 {
				ok = false
				break
			}
		}
		if ok {
			p.grain = 1 / scale
			return
		}
	}
}

// roundToGrain returns h raised to the next multiple of the cost grain (h
// itself when there is no grain, or h is 0 or +Inf).
func (p *Planner) roundToGrain(h float64) float64 {
	if p.grain == 0 || h <= 0 || math.IsInf(h, 1) {
		return h
	}
	units := h / p.grain
	return math.Ceil(units-grainTolerance*max(1, units)) * p.grain
}
