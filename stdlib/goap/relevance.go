package goap

import "slices"

// markRelevant sets p.relevant[i] for the actions that can matter for the
// goal, and interns the relevant keys: the goal's keys are relevant; an
// action is relevant when one of its effects changes a relevant key, and
// then the keys of its preconditions are relevant too (to a fixpoint).
// Leaving out the other actions and keys is exact: they change only keys
// that no relevant precondition nor the goal reads, so removing them from
// any plan leaves a valid plan that costs no more. With a CostFunc present
// (which may read any key) every action and key is kept. Actions marked in
// p.dropped (useless.go) are left out as well.
func (p *Planner) markRelevant(actions []*Action, all bool) {
	p.relevant = slices.Grow(p.relevant[:0], len(actions))[:len(actions)]
	for i := range p.relevant {
		p.relevant[i] = all
	}
	if all {
		for i := range actions {
			for _, g := range p.preG(i) {
				p.internG(g)
			}
		}
		return
	}
	for changed := true; changed; {
		changed = false
		for i := range actions {
			if p.relevant[i] || p.dropped[i] {
				continue
			}
			for _, g := range p.effG(i) {
				if p.localOf[g] >= 0 {
					p.relevant[i] = true
					break
				}
			}
			if p.relevant[i] {
				changed = true
				for _, g := range p.preG(i) {
					p.internG(g)
				}
			}
		}
	}
}
