package conformance

import "github.com/btlua/btlua/stdlib/bt"

// coreCases pin down the lifecycle and the three basic composites.
func coreCases() []Case {
	return []Case{
		{
			Name: "sequence/resume-running-child",
			Doc:  "A Running child is resumed on the next tick: no second OnStart.",
			Build: func(e *Env) bt.Task {
				return seq("Seq", e.A("A", R, R, S), e.A("B"))
			},
			Steps: []Step{
				T(R, "start Seq", "start A"),
				T(R),
				T(S, "end A", "start B", "end B", "end Seq"),
			},
		},
		{
			Name: "sequence/restart-after-failure",
			Doc:  "After Failure the next run starts over from the first child.",
			Build: func(e *Env) bt.Task {
				return seq("Seq", e.A("A"), e.A("B", F, S))
			},
			Steps: []Step{
				T(F, "start Seq", "start A", "end A", "start B", "end B", "end Seq"),
				T(S, "start Seq", "start A", "end A", "start B", "end B", "end Seq"),
			},
		},
		{
			Name: "sequence/restart-after-success",
			Doc:  "After Success the next run starts the child again.",
			Build: func(e *Env) bt.Task {
				return seq("Seq", e.A("A", R, S, R))
			},
			Steps: []Step{
				T(R, "start Seq", "start A"),
				T(S, "end A", "end Seq"),
				T(R, "start Seq", "start A"),
			},
		},
		{
			Name: "sequence/failure-skips-rest",
			Doc:  "The first Failure ends the Sequence; later children never start.",
			Build: func(e *Env) bt.Task {
				return seq("Seq", e.A("A", F), e.A("B"))
			},
			Steps: []Step{T(F, "start Seq", "start A", "end A", "end Seq")},
		},
		{
			Name: "sequence/success-continues-same-tick",
			Doc:  "A child Success moves on to the next child in the same tick.",
			Build: func(e *Env) bt.Task {
				return seq("Seq", e.A("A"), e.A("B"), e.A("C", R))
			},
			Steps: []Step{T(R, "start Seq", "start A", "end A", "start B", "end B", "start C")},
		},
		{
			Name:  "sequence/empty",
			Doc:   "An empty Sequence fails (it starts and ends in the tick).",
			Build: func(e *Env) bt.Task { return seq("Seq") },
			Steps: []Step{T(F, "start Seq", "end Seq"), T(F, "start Seq", "end Seq")},
		},
		{
			Name:  "sequence/one-child",
			Doc:   "A one-child Sequence returns its child's status.",
			Build: func(e *Env) bt.Task { return seq("Seq", e.A("A", R, F, S)) },
			Steps: []Step{
				T(R, "start Seq", "start A"),
				T(F, "end A", "end Seq"),
				T(S, "start Seq", "start A", "end A", "end Seq"),
			},
		},
		{
			Name: "selector/resume-running-child",
			Doc:  "A Running child of a Selector is resumed, failed ones are not re-run.",
			Build: func(e *Env) bt.Task {
				return sel("Sel", e.A("A", F), e.A("B", R, R, S))
			},
			Steps: []Step{
				T(R, "start Sel", "start A", "end A", "start B"),
				T(R),
				T(S, "end B", "end Sel"),
			},
		},
		{
			Name: "selector/restart-after-success",
			Doc:  "After Success the next run starts over from the first child.",
			Build: func(e *Env) bt.Task {
				return sel("Sel", e.A("A", F, S), e.A("B"))
			},
			Steps: []Step{
				T(S, "start Sel", "start A", "end A", "start B", "end B", "end Sel"),
				T(S, "start Sel", "start A", "end A", "end Sel"),
			},
		},
		{
			Name: "selector/all-fail",
			Doc:  "A Selector whose children all fail fails, in the same tick.",
			Build: func(e *Env) bt.Task {
				return sel("Sel", e.A("A", F), e.A("B", F))
			},
			Steps: []Step{
				T(F, "start Sel", "start A", "end A", "start B", "end B", "end Sel"),
				T(F, "start Sel", "start A", "end A", "start B", "end B", "end Sel"),
			},
		},
		{
			Name:  "selector/empty",
			Doc:   "An empty Selector fails.",
			Build: func(e *Env) bt.Task { return sel("Sel") },
			Steps: []Step{T(F, "start Sel", "end Sel")},
		},
		{
			Name:  "selector/one-child",
			Doc:   "A one-child Selector returns its child's status.",
			Build: func(e *Env) bt.Task { return sel("Sel", e.A("A", R, F)) },
			Steps: []Step{T(R, "start Sel", "start A"), T(F, "end A", "end Sel")},
		},
		{
			Name: "parallel/all-succeed",
			Doc:  "A Parallel succeeds when every child has succeeded.",
			Build: func(e *Env) bt.Task {
				return par("Par", e.A("A", R, S), e.A("B"))
			},
			Steps: []Step{
				T(R, "start Par", "start A", "start B", "end B"),
				T(S, "end A", "end Par"),
			},
		},
		{
			Name: "parallel/failure-ends-running-children",
			Doc:  "The first Failure fails the Parallel; running children are ended (later ones without a tick).",
			Build: func(e *Env) bt.Task {
				return par("Par", e.A("A", R), e.A("B", R, F), e.A("C", R))
			},
			Steps: []Step{
				T(R, "start Par", "start A", "start B", "start C"),
				T(F, "end B", "end A", "end C", "end Par"),
			},
		},
		{
			Name: "parallel/finished-child-not-reticked",
			Doc:  "A child that finished in this run is not ticked again.",
			Build: func(e *Env) bt.Task {
				return par("Par", e.A("A"), e.A("B", R, R, S))
			},
			Steps: []Step{
				T(R, "start Par", "start A", "end A", "start B"),
				T(R),
				T(S, "end B", "end Par"),
			},
		},
		{
			Name:  "parallel/empty",
			Doc:   "An empty Parallel fails.",
			Build: func(e *Env) bt.Task { return par("Par") },
			Steps: []Step{T(F, "start Par", "end Par")},
		},
		{
			Name:  "parallel/one-child",
			Doc:   "A one-child Parallel returns its child's status.",
			Build: func(e *Env) bt.Task { return par("Par", e.A("A", R, S)) },
			Steps: []Step{T(R, "start Par", "start A"), T(S, "end A", "end Par")},
		},
		{
			Name: "nested/resume-deep-running-leaf",
			Doc:  "Resuming goes down the running path without restarting parents.",
			Build: func(e *Env) bt.Task {
				return seq("Root", sel("Sel", e.A("A", F), seq("Inner", e.A("B", R, S))), e.A("C"))
			},
			Steps: []Step{
				T(R, "start Root", "start Sel", "start A", "end A", "start Inner", "start B"),
				T(S, "end B", "end Inner", "end Sel", "start C", "end C", "end Root"),
			},
		},
		{
			Name: "halt/ends-deepest-first",
			Doc:  "Halt ends every running task deepest first; the next tick starts a new run.",
			Build: func(e *Env) bt.Task {
				return seq("Root", seq("Inner", e.A("A", R)), e.A("B"))
			},
			Steps: []Step{
				T(R, "start Root", "start Inner", "start A"),
				Halt("end A", "end Inner", "end Root"),
				T(R, "start Root", "start Inner", "start A"),
			},
		},
		{
			Name: "halt/parallel-children-in-order",
			Doc:  "Halt ends a Parallel's running children in child order, each before its parent.",
			Build: func(e *Env) bt.Task {
				return par("Par", seq("S1", e.A("A", R)), e.A("B"), e.A("C", R))
			},
			Steps: []Step{
				T(R, "start Par", "start S1", "start A", "start B", "end B", "start C"),
				Halt("end A", "end S1", "end C", "end Par"),
			},
		},
		{
			Name:  "tree/no-restart-when-complete",
			Doc:   "Without RestartWhenComplete a completed tree is not ticked again.",
			Once:  true,
			Build: func(e *Env) bt.Task { return e.A("A", S, F) },
			Steps: []Step{T(S, "start A", "end A"), T(S), T(S)},
		},
		{
			Name:  "tree/restart-when-complete",
			Doc:   "With RestartWhenComplete the root runs again on the tick after it ends.",
			Build: func(e *Env) bt.Task { return e.A("A", R, S, R) },
			Steps: []Step{T(R, "start A"), T(S, "end A"), T(R, "start A")},
		},
	}
}
