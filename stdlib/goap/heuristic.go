package goap

import "math"

// computeHeuristic sets hPerStep and hDiv. The heuristic of a state is
// ceil(U / hDiv) * hPerStep where U is the number of distinct goal keys
// with an unmet condition, hDiv the largest number of distinct goal keys one
// action's effects change, and hPerStep the smallest cost (lower bound) of
// such an action. It is admissible and consistent: every remaining step that
// fixes goal keys fixes at most hDiv of them and costs at least hPerStep.
func (p *Planner) computeHeuristic() {
	p.hDiv, p.hPerStep = 0, math.Inf(1)
	for i := range p.acts {
		ca := &p.acts[i]
		if ca.goalKeysHit == 0 {
			continue
		}
		p.hDiv = max(p.hDiv, ca.goalKeysHit)
		p.hPerStep = min(p.hPerStep, ca.lowerBound)
	}
	if p.hDiv == 0 || p.DisableHeuristic {
		p.hDiv, p.hPerStep = 1, 0
	}
}

// unmetGoalKeys counts distinct goal keys with an unmet condition in st.
func (p *Planner) unmetGoalKeys(st []slot) int {
	u := 0
	for i := 0; i < len(p.goal); {
		k := p.goal[i].key
		bad := false
		for ; i < len(p.goal) && p.goal[i].key == k; i++ {
			if !bad && !p.goal[i].holds(st) {
				bad = true
			}
		}
		if bad {
			u++
		}
	}
	return u
}

// quickHeuristic returns the goal-count bound (see computeHeuristic) of st,
// or 0 when the heuristic is disabled.
func (p *Planner) quickHeuristic(st []slot) float64 {
	if p.hPerStep == 0 {
		return 0
	}
	u := p.unmetGoalKeys(st)
	return float64((u+p.hDiv-1)/p.hDiv) * p.hPerStep
}

// fullHeuristic returns max(quick, h_max(st)) (see hmax.go), or with LP
// rows max(quick, LP + LM-cut at the LP's reduced costs) (lp.go, lmcut.go)
// rounded up to the cost grain (cost_grain.go); +Inf means the goal is
// unreachable from st. It is computed lazily, when a node first reaches the
// front of the open list; a node whose h grows is re-queued. (Stopping
// LM-cut early, once the node falls behind the next one, was tried: nodes
// that came back were evaluated twice, for more work in all.)
func (p *Planner) fullHeuristic(st []slot, quick float64) float64 {
	p.recLast = -1
	if p.DisableHeuristic {
		return quick
	}
	p.evals++
	if len(p.lpRows) == 0 {
		return max(quick, p.hmax(st))
	}
	lp := p.lpCachedBound(st)
	if math.IsInf(lp, 1) {
		return lp
	}
	if lp == 0 {
		return max(quick, p.hmax(st))
	}
	p.recLast = p.beginRecord()
	return max(quick, p.roundToGrain(lp+p.lmcut(st, p.lpRed)))
}
