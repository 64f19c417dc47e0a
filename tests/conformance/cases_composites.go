package conformance

import "github.com/btlua/btlua/stdlib/bt"

// compositeCases pin down the parallel variants and the ordered and
// scored selectors.
func compositeCases() []Case {
	return []Case{
		{
			Name: "parallel-selector/first-success-ends-others",
			Doc:  "ParallelSelector succeeds on the first child Success; later children are not ticked and running ones are ended.",
			Build: func(e *Env) bt.Task {
				return named("PS", bt.NewParallelSelector(e.A("A", F), e.A("B", R, S), e.A("C", R), e.A("D", R)))
			},
			Steps: []Step{
				T(R, "start PS", "start A", "end A", "start B", "start C", "start D"),
				T(S, "end B", "end C", "end D", "end PS"),
			},
		},
		{
			Name: "parallel-selector/all-fail",
			Doc:  "ParallelSelector fails once every child failed; failed children are not re-ticked.",
			Build: func(e *Env) bt.Task {
				return named("PS", bt.NewParallelSelector(e.A("A", F), e.A("B", R, R, F)))
			},
			Steps: []Step{
				T(R, "start PS", "start A", "end A", "start B"),
				T(R),
				T(F, "end B", "end PS"),
			},
		},
		{
			Name:  "parallel-selector/empty",
			Doc:   "An empty ParallelSelector fails.",
			Build: func(e *Env) bt.Task { return named("PS", bt.NewParallelSelector()) },
			Steps: []Step{T(F, "start PS", "end PS")},
		},
		{
			Name: "parallel-complete/first-failure-ends-others",
			Doc:  "ParallelComplete ends with the first finished child's status (Failure), ending the rest.",
			Build: func(e *Env) bt.Task {
				return named("PC", bt.NewParallelComplete(e.A("A", R), e.A("B", R, F), e.A("C", R)))
			},
			Steps: []Step{
				T(R, "start PC", "start A", "start B", "start C"),
				T(F, "end B", "end A", "end C", "end PC"),
			},
		},
		{
			Name: "parallel-complete/first-success-in-tick-order",
			Doc:  "When several children would finish in one tick, the leftmost decides; the others are ended unticked.",
			Build: func(e *Env) bt.Task {
				return named("PC", bt.NewParallelComplete(e.A("A", R, S), e.A("B", R, F)))
			},
			Steps: []Step{
				T(R, "start PC", "start A", "start B"),
				T(S, "end A", "end B", "end PC"),
			},
		},
		{
			Name:  "parallel-complete/empty",
			Doc:   "An empty ParallelComplete fails.",
			Build: func(e *Env) bt.Task { return named("PC", bt.NewParallelComplete()) },
			Steps: []Step{T(F, "start PC", "end PC")},
		},
		{
			Name: "random-selector/fixed-seed-reproducible",
			Doc:  "A RandomSelector with NewRand(1) draws the same orders every time (one new order per run).",
			Build: func(e *Env) bt.Task {
				return named("RS", bt.NewRandomSelector(bt.NewRand(1), e.A("A", F), e.A("B", F), e.A("C", F), e.A("D", F)))
			},
			Steps: []Step{
				T(F, "start RS", "start B", "end B", "start C", "end C", "start A", "end A", "start D", "end D", "end RS"),
				T(F, "start RS", "start B", "end B", "start A", "end A", "start D", "end D", "start C", "end C", "end RS"),
				T(F, "start RS", "start D", "end D", "start A", "end A", "start B", "end B", "start C", "end C", "end RS"),
			},
		},
		{
			Name: "random-sequence/fixed-seed-reproducible",
			Doc:  "A RandomSequence with NewRand(2) draws the same orders every time; Running children are resumed.",
			Build: func(e *Env) bt.Task {
				return named("RQ", bt.NewRandomSequence(bt.NewRand(2), e.A("A"), e.A("B", R, S), e.A("C")))
			},
			Steps: []Step{
				T(R, "start RQ", "start A", "end A", "start C", "end C", "start B"),
				T(S, "end B", "end RQ"),
				T(S, "start RQ", "start B", "end B", "start C", "end C", "start A", "end A", "end RQ"),
			},
		},
		{
			Name: "random-sequence/weights",
			Doc:  "Weights bias the order; weight 0 children run last in child order.",
			Build: func(e *Env) bt.Task {
				rq := named("RQ", bt.NewRandomSequence(bt.NewRand(5), e.A("A"), e.A("B"), e.A("C")))
				rq.Weights = []int{0, 1, 0}
				return rq
			},
			Steps: []Step{
				T(S, "start RQ", "start B", "end B", "start A", "end A", "start C", "end C", "end RQ"),
				T(S, "start RQ", "start B", "end B", "start A", "end A", "start C", "end C", "end RQ"),
			},
		},
		{
			Name:  "random-selector/empty",
			Doc:   "An empty RandomSelector fails.",
			Build: func(e *Env) bt.Task { return named("RS", bt.NewRandomSelector(bt.NewRand(1))) },
			Steps: []Step{T(F, "start RS", "end RS")},
		},
		{
			Name: "priority-selector/order",
			Doc:  "PrioritySelector runs children by decreasing priority, ties in child order, unprioritized (0) last.",
			Build: func(e *Env) bt.Task {
				return named("PS", bt.NewPrioritySelector(
					e.Prio(1, e.A("A", F)), e.A("D", S), e.Prio(5, e.A("B", F)), e.Prio(1, e.A("C", R, F))))
			},
			Steps: []Step{
				T(R, "start PS", "start B", "end B", "start A", "end A", "start C"),
				T(S, "end C", "start D", "end D", "end PS"),
			},
		},
		{
			Name: "utility-selector/switch-ends-old-child",
			Doc:  "UtilitySelector re-evaluates utilities each tick; switching ends the old child first.",
			Build: func(e *Env) bt.Task {
				return named("US", bt.NewUtilitySelector(e.Util(e.A("A", R), 2, 2, 0), e.Util(e.A("B", R), 1, 1, 3)))
			},
			Steps: []Step{
				T(R, "start US", "start A"),
				T(R),
				T(R, "end A", "start B"),
			},
		},
		{
			Name: "utility-selector/failure-picks-next-best",
			Doc:  "A failed child is excluded for the run and the next best runs in the same tick; all failed fails.",
			Build: func(e *Env) bt.Task {
				return named("US", bt.NewUtilitySelector(e.Util(e.A("A", F), 2), e.Util(e.A("B", R, F), 1)))
			},
			Steps: []Step{
				T(R, "start US", "start A", "end A", "start B"),
				T(F, "end B", "end US"),
			},
		},
	}
}
