package conformance

import "github.com/btlua/btlua/stdlib/bt"

// abortBranchCases pin down which branches a conditional abort watches:
// only the guards of branches that ran before the running child, in the
// composite's run order (for Self, those of its running branch). When an
// abort resumes a composite at an earlier branch, the branches that ran
// after it are forgotten until the composite reaches them again, as
// Behavior Designer drops their re-evaluation entries when the abort
// fires. The matrix runs two and three guarded branches with Self,
// LowerPriority and Both, the guards turning true on the same tick or on
// different ticks. A Parallel runs its children side by side: it watches
// all of them under Self and none under LowerPriority.
func abortBranchCases() []Case {
	const (
		self = bt.AbortSelf
		low  = bt.AbortLowerPriority
		both = bt.AbortBoth
	)
	return []Case{
		// LowerPriority: Root = Selector[G1(low){C1, A1}, G2(low){C2, A2}, ..., Patrol].
		{
			Name: "abort-branches/lower-two-same-tick",
			Doc:  "LowerPriority, two guarded branches turning true on tick 3: C1 wins; once G1 runs, C2 is right of it and never re-evaluated.",
			Build: func(e *Env) bt.Task {
				return guardedSelector(e, low, "Root", 3, 3)
			},
			Steps: []Step{
				T(R, "start Root", "start G1", "start C1", "end C1", "end G1", "start G2", "start C2", "end C2", "end G2", "start Patrol"),
				T(R, "start C1", "end C1", "start C2", "end C2"),
				T(R, "start C1", "end C1", "end Patrol", "start G1", "start A1"),
				T(R),
				T(R),
			},
		},
		{
			Name: "abort-branches/lower-two-left-first",
			Doc:  "LowerPriority: C1 turns true on tick 3, C2 on tick 4, when G2 is already right of the running G1: no abort.",
			Build: func(e *Env) bt.Task {
				return guardedSelector(e, low, "Root", 3, 4)
			},
			Steps: []Step{
				T(R, "start Root", "start G1", "start C1", "end C1", "end G1", "start G2", "start C2", "end C2", "end G2", "start Patrol"),
				T(R, "start C1", "end C1", "start C2", "end C2"),
				T(R, "start C1", "end C1", "end Patrol", "start G1", "start A1"),
				T(R),
				T(R),
			},
		},
		{
			Name: "abort-branches/lower-two-right-first",
			Doc:  "LowerPriority: C2 turns true first and G2 runs; C1, left of G2, is still watched and aborts G2 when it turns true.",
			Build: func(e *Env) bt.Task {
				return guardedSelector(e, low, "Root", 4, 3)
			},
			Steps: []Step{
				T(R, "start Root", "start G1", "start C1", "end C1", "end G1", "start G2", "start C2", "end C2", "end G2", "start Patrol"),
				T(R, "start C1", "end C1", "start C2", "end C2"),
				T(R, "start C1", "end C1", "start C2", "end C2", "end Patrol", "start G2", "start A2"),
				T(R, "start C1", "end C1", "end A2", "end G2", "start G1", "start A1"),
				T(R),
			},
		},
		{
			Name: "abort-branches/lower-three-same-tick",
			Doc:  "LowerPriority, three guarded branches turning true on tick 3: C1 wins; C2 and C3 are not re-evaluated afterwards.",
			Build: func(e *Env) bt.Task {
				return guardedSelector(e, low, "Root", 3, 3, 3)
			},
			Steps: []Step{
				T(R, "start Root", "start G1", "start C1", "end C1", "end G1", "start G2", "start C2", "end C2", "end G2",
					"start G3", "start C3", "end C3", "end G3", "start Patrol"),
				T(R, "start C1", "end C1", "start C2", "end C2", "start C3", "end C3"),
				T(R, "start C1", "end C1", "end Patrol", "start G1", "start A1"),
				T(R),
				T(R),
			},
		},
		{
			Name: "abort-branches/lower-three-different-ticks",
			Doc:  "LowerPriority: C2 aborts Patrol on tick 3; C3, right of the running G2, turns true on tick 4 unseen; C1, left of it, aborts G2 on tick 5.",
			Build: func(e *Env) bt.Task {
				return guardedSelector(e, low, "Root", 5, 3, 4)
			},
			Steps: []Step{
				T(R, "start Root", "start G1", "start C1", "end C1", "end G1", "start G2", "start C2", "end C2", "end G2",
					"start G3", "start C3", "end C3", "end G3", "start Patrol"),
				T(R, "start C1", "end C1", "start C2", "end C2", "start C3", "end C3"),
				T(R, "start C1", "end C1", "start C2", "end C2", "end Patrol", "start G2", "start A2"),
				T(R, "start C1", "end C1"),
				T(R, "start C1", "end C1", "end A2", "end G2", "start G1", "start A1"),
				T(R),
			},
		},

		// Both: the same trees; the running guarded branch also watches
		// its own conditional (Self).
		{
			Name: "abort-branches/both-two-same-tick",
			Doc:  "Both, two guarded branches turning true on tick 3: C1 wins; then G1 watches its own C1 and Root does not watch C2.",
			Build: func(e *Env) bt.Task {
				return guardedSelector(e, both, "Root", 3, 3)
			},
			Steps: []Step{
				T(R, "start Root", "start G1", "start C1", "end C1", "end G1", "start G2", "start C2", "end C2", "end G2", "start Patrol"),
				T(R, "start C1", "end C1", "start C2", "end C2"),
				T(R, "start C1", "end C1", "end Patrol", "start G1", "start A1"),
				T(R, "start C1", "end C1"),
				T(R, "start C1", "end C1"),
			},
		},
		{
			Name: "abort-branches/both-two-left-first",
			Doc:  "Both: C2 turning true on tick 4, right of the running G1, does not abort.",
			Build: func(e *Env) bt.Task {
				return guardedSelector(e, both, "Root", 3, 4)
			},
			Steps: []Step{
				T(R, "start Root", "start G1", "start C1", "end C1", "end G1", "start G2", "start C2", "end C2", "end G2", "start Patrol"),
				T(R, "start C1", "end C1", "start C2", "end C2"),
				T(R, "start C1", "end C1", "end Patrol", "start G1", "start A1"),
				T(R, "start C1", "end C1"),
				T(R, "start C1", "end C1"),
			},
		},
		{
			Name: "abort-branches/both-two-right-first",
			Doc:  "Both: G2 runs after C2's abort; Root re-evaluates C1 before G2 watches C2, and C1's change aborts G2.",
			Build: func(e *Env) bt.Task {
				return guardedSelector(e, both, "Root", 4, 3)
			},
			Steps: []Step{
				T(R, "start Root", "start G1", "start C1", "end C1", "end G1", "start G2", "start C2", "end C2", "end G2", "start Patrol"),
				T(R, "start C1", "end C1", "start C2", "end C2"),
				T(R, "start C1", "end C1", "start C2", "end C2", "end Patrol", "start G2", "start A2"),
				T(R, "start C1", "end C1", "end A2", "end G2", "start G1", "start A1"),
				T(R, "start C1", "end C1"),
			},
		},
		{
			Name: "abort-branches/both-three-same-tick",
			Doc:  "Both, three guarded branches turning true on tick 3: C1 wins; afterwards only G1's own C1 is re-evaluated.",
			Build: func(e *Env) bt.Task {
				return guardedSelector(e, both, "Root", 3, 3, 3)
			},
			Steps: []Step{
				T(R, "start Root", "start G1", "start C1", "end C1", "end G1", "start G2", "start C2", "end C2", "end G2",
					"start G3", "start C3", "end C3", "end G3", "start Patrol"),
				T(R, "start C1", "end C1", "start C2", "end C2", "start C3", "end C3"),
				T(R, "start C1", "end C1", "end Patrol", "start G1", "start A1"),
				T(R, "start C1", "end C1"),
				T(R, "start C1", "end C1"),
			},
		},
		{
			Name: "abort-branches/both-three-different-ticks",
			Doc:  "Both: while G2 runs, Root watches C1 and G2 watches C2; C3, right of G2, is not watched; C1 aborts G2 on tick 5.",
			Build: func(e *Env) bt.Task {
				return guardedSelector(e, both, "Root", 5, 3, 4)
			},
			Steps: []Step{
				T(R, "start Root", "start G1", "start C1", "end C1", "end G1", "start G2", "start C2", "end C2", "end G2",
					"start G3", "start C3", "end C3", "end G3", "start Patrol"),
				T(R, "start C1", "end C1", "start C2", "end C2", "start C3", "end C3"),
				T(R, "start C1", "end C1", "start C2", "end C2", "end Patrol", "start G2", "start A2"),
				T(R, "start C1", "end C1", "start C2", "end C2"),
				T(R, "start C1", "end C1", "end A2", "end G2", "start G1", "start A1"),
				T(R, "start C1", "end C1"),
			},
		},

		// Self: Sel(self)[B1{C1, A1}, B2{C2, A2}, ..., Patrol], the
		// branches plain Sequences whose first child is the guard.
		{
			Name: "abort-branches/self-two-same-tick",
			Doc:  "Self, two branches whose guards turn true on tick 3: C1 wins; then only the running branch's C1 is re-evaluated.",
			Build: func(e *Env) bt.Task {
				return guardedSelector(e, self, "Sel", 3, 3)
			},
			Steps: []Step{
				T(R, "start Sel", "start B1", "start C1", "end C1", "end B1", "start B2", "start C2", "end C2", "end B2", "start Patrol"),
				T(R, "start C1", "end C1", "start C2", "end C2"),
				T(R, "start C1", "end C1", "end Patrol", "start B1", "start A1"),
				T(R, "start C1", "end C1"),
				T(R, "start C1", "end C1"),
			},
		},
		{
			Name: "abort-branches/self-two-left-first",
			Doc:  "Self: C2 turning true on tick 4, right of the running B1, does not abort.",
			Build: func(e *Env) bt.Task {
				return guardedSelector(e, self, "Sel", 3, 4)
			},
			Steps: []Step{
				T(R, "start Sel", "start B1", "start C1", "end C1", "end B1", "start B2", "start C2", "end C2", "end B2", "start Patrol"),
				T(R, "start C1", "end C1", "start C2", "end C2"),
				T(R, "start C1", "end C1", "end Patrol", "start B1", "start A1"),
				T(R, "start C1", "end C1"),
				T(R, "start C1", "end C1"),
			},
		},
		{
			Name: "abort-branches/self-two-right-first",
			Doc:  "Self: C2 aborts Patrol first; C1, left of the running B2, still aborts B2 when it turns true.",
			Build: func(e *Env) bt.Task {
				return guardedSelector(e, self, "Sel", 4, 3)
			},
			Steps: []Step{
				T(R, "start Sel", "start B1", "start C1", "end C1", "end B1", "start B2", "start C2", "end C2", "end B2", "start Patrol"),
				T(R, "start C1", "end C1", "start C2", "end C2"),
				T(R, "start C1", "end C1", "start C2", "end C2", "end Patrol", "start B2", "start A2"),
				T(R, "start C1", "end C1", "end A2", "end B2", "start B1", "start A1"),
				T(R, "start C1", "end C1"),
			},
		},
		{
			Name: "abort-branches/self-three-same-tick",
			Doc:  "Self, three branches whose guards turn true on tick 3: C1 wins; C2 and C3 are not re-evaluated afterwards.",
			Build: func(e *Env) bt.Task {
				return guardedSelector(e, self, "Sel", 3, 3, 3)
			},
			Steps: []Step{
				T(R, "start Sel", "start B1", "start C1", "end C1", "end B1", "start B2", "start C2", "end C2", "end B2",
					"start B3", "start C3", "end C3", "end B3", "start Patrol"),
				T(R, "start C1", "end C1", "start C2", "end C2", "start C3", "end C3"),
				T(R, "start C1", "end C1", "end Patrol", "start B1", "start A1"),
				T(R, "start C1", "end C1"),
				T(R, "start C1", "end C1"),
			},
		},
		{
			Name: "abort-branches/self-three-different-ticks",
			Doc:  "Self: while B2 runs, C1 (before it) and C2 (its own guard) are watched, C3 (after it) is not; C1 aborts B2 on tick 5.",
			Build: func(e *Env) bt.Task {
				return guardedSelector(e, self, "Sel", 5, 3, 4)
			},
			Steps: []Step{
				T(R, "start Sel", "start B1", "start C1", "end C1", "end B1", "start B2", "start C2", "end C2", "end B2",
					"start B3", "start C3", "end C3", "end B3", "start Patrol"),
				T(R, "start C1", "end C1", "start C2", "end C2", "start C3", "end C3"),
				T(R, "start C1", "end C1", "start C2", "end C2", "end Patrol", "start B2", "start A2"),
				T(R, "start C1", "end C1", "start C2", "end C2"),
				T(R, "start C1", "end C1", "end A2", "end B2", "start B1", "start A1"),
				T(R, "start C1", "end C1"),
			},
		},

		// Forgotten runs in other shapes.
		{
			Name: "abort-branches/self-sequence-forgets-after-resumed-branch",
			Doc:  "Self on a Sequence: the abort resumes at Gate, which now runs X; C2, evaluated before the abort, is after the running child and not watched.",
			Build: func(e *Env) bt.Task {
				return abortSeq(self, "Seq", sel("Gate", e.C("C1", true, false), e.A("X", R)), e.C("C2", true, true, false), e.A("A", R))
			},
			Steps: []Step{
				T(R, "start Seq", "start Gate", "start C1", "end C1", "end Gate", "start C2", "end C2", "start A"),
				T(R, "start C1", "end C1", "end A", "start Gate", "start X"),
				T(R, "start C1", "end C1"),
			},
		},
		{
			Name: "abort-branches/ended-composite-forgets-aborted-run",
			Doc:  "G's Self abort resumes at C1, where G fails: C2, evaluated before that abort, is not among the guards Root watches afterwards.",
			Build: func(e *Env) bt.Task {
				return sel("Root", abortSeq(both, "G", e.C("C1", true, false), e.C("C2", true, true, false), e.A("A", R)), e.A("B", R))
			},
			Steps: []Step{
				T(R, "start Root", "start G", "start C1", "end C1", "start C2", "end C2", "start A"),
				T(R, "start C1", "end C1", "end A", "end G", "start B"),
				T(R, "start C1", "end C1"),
				T(R, "start C1", "end C1"),
			},
		},
		{
			Name: "abort-branches/random-order-before-running-child",
			Doc:  "Before the running child means before it in the run's order: with the order G2, G0, G1, after C2 aborts back to G2 the branches G0 and G1 are forgotten.",
			Build: func(e *Env) bt.Task {
				rs := named("RS", bt.NewRandomSelector(bt.NewRand(1),
					seq("G0", e.C("C0", false, false, false, true), e.A("A0", R)),
					seq("G1", e.C("C1", true), e.A("A1", R)),
					seq("G2", e.C("C2", false, false, true), e.A("A2", R))))
				rs.Weights = []int{0, 0, 5}
				rs.Abort = self
				return rs
			},
			Steps: []Step{
				T(R, "start RS", "start G2", "start C2", "end C2", "end G2", "start G0", "start C0", "end C0", "end G0",
					"start G1", "start C1", "end C1", "start A1"),
				T(R, "start C0", "end C0", "start C1", "end C1", "start C2", "end C2"),
				T(R, "start C0", "end C0", "start C1", "end C1", "start C2", "end C2", "end A1", "end G1", "start G2", "start A2"),
				T(R, "start C2", "end C2"),
				T(R, "start C2", "end C2"),
			},
		},

		// Parallel composites.
		{
			Name: "abort-branches/parallel-selector-does-not-watch-lower",
			Doc:  "A ParallelSelector runs its children side by side, none of lower priority: the failed LowerPriority branch is not re-evaluated.",
			Build: func(e *Env) bt.Task {
				return named("Root", bt.NewParallelSelector(abortSeq(low, "G", e.C("C", false, false, true), e.A("A", R)), e.A("B", R)))
			},
			Steps: []Step{
				T(R, "start Root", "start G", "start C", "end C", "end G", "start B"),
				T(R),
				T(R),
			},
		},
		{
			Name: "abort-branches/parallel-through-decorator-does-not-watch-lower",
			Doc:  "A decorator between the Parallel and the LowerPriority composite changes nothing: the Parallel does not watch it.",
			Build: func(e *Env) bt.Task {
				return par("Root", named("RS", bt.NewReturnSuccess(abortSeq(low, "G", e.C("C", false, false, true), e.A("A", R)))), e.A("B", R))
			},
			Steps: []Step{
				T(R, "start Root", "start RS", "start G", "start C", "end C", "end G", "end RS", "start B"),
				T(R),
				T(R),
			},
		},
		{
			Name: "abort-branches/lower-watch-not-through-parallel",
			Doc:  "Root watches the guard C of the LowerPriority Parallel Outer, but not those of the LowerPriority composite Inner inside it.",
			Build: func(e *Env) bt.Task {
				outer := par("Outer", e.C("C", true, true, true, false), abortSeq(low, "Inner", e.A("X"), e.C("D", false, false, true)))
				outer.Abort = low
				return sel("Root", outer, e.A("B", R))
			},
			Steps: []Step{
				T(R, "start Root", "start Outer", "start C", "end C", "start Inner", "start X", "end X", "start D", "end D", "end Inner", "end Outer", "start B"),
				T(R, "start C", "end C"),
				T(R, "start C", "end C"),
				T(R, "start C", "end C", "end B", "start Outer", "end Outer", "start B"),
			},
		},
		{
			Name: "abort-branches/self-parallel-watches-every-child",
			Doc:  "Self on a Parallel watches the guards of all its children, wherever they stand: all belong to its running branch.",
			Build: func(e *Env) bt.Task {
				p := par("Par", e.A("A", R), e.C("C", true, true, false), e.A("B", R))
				p.Abort = self
				return p
			},
			Steps: []Step{
				T(R, "start Par", "start A", "start C", "end C", "start B"),
				T(R, "start C", "end C"),
				T(F, "start C", "end C", "end A", "end B", "start A", "end A", "end Par"),
			},
		},
	}
}

// guardedSelector builds a Selector over guarded branches and a Patrol
// action that always runs. Branch n (from 1) is a Sequence{Cn, An}: Cn
// is false until tick flips[n-1] and true from then on, An always runs.
// With AbortSelf the Selector named name carries the abort type and the
// branches are plain Sequences "Bn"; otherwise the branches "Gn" carry it.
func guardedSelector(e *Env, a bt.AbortType, name string, flips ...int) bt.Task {
	kids := make([]bt.Task, 0, len(flips)+1)
	for i, flip := range flips {
		n := string(rune('1' + i))
		script := make([]bool, flip)
		script[flip-1] = true
		c, act := e.C("C"+n, script...), e.A("A"+n, R)
		if a == bt.AbortSelf {
			kids = append(kids, seq("B"+n, c, act))
		} else {
			kids = append(kids, abortSeq(a, "G"+n, c, act))
		}
	}
	kids = append(kids, e.A("Patrol", R))
	if a == bt.AbortSelf {
		return abortSel(a, name, kids...)
	}
	return sel(name, kids...)
}
