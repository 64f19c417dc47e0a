package conformance

import "github.com/btlua/btlua/stdlib/bt"

// abortCases pin down Behavior Designer style conditional aborts: when
// they re-evaluate, that they fire only on a change, the order (re-evaluate,
// end the old branch deepest first, resume at the conditional without
// running it again) and the scope of Self and LowerPriority.
func abortCases() []Case {
	const (
		none = bt.AbortNone
		self = bt.AbortSelf
		low  = bt.AbortLowerPriority
		both = bt.AbortBoth
	)
	return []Case{
		{
			Name: "abort-self/sequence-fires-on-change",
			Doc:  "Self: the conditional is re-evaluated each tick while a later child runs; a change ends that child and the Sequence resumes at the conditional (reusing its result).",
			Build: func(e *Env) bt.Task {
				return abortSeq(self, "Seq", e.C("C", true, true, false), e.A("A", R))
			},
			Steps: []Step{
				T(R, "start Seq", "start C", "end C", "start A"),
				T(R, "start C", "end C"),
				T(F, "start C", "end C", "end A", "end Seq"),
			},
		},
		{
			Name: "abort-self/no-change-no-abort",
			Doc:  "Self: an unchanged result never aborts, however often it is re-evaluated.",
			Build: func(e *Env) bt.Task {
				return abortSeq(self, "Seq", e.C("C", true), e.A("A", R, R, R, S))
			},
			Steps: []Step{
				T(R, "start Seq", "start C", "end C", "start A"),
				T(R, "start C", "end C"),
				T(R, "start C", "end C"),
				T(S, "start C", "end C", "end A", "end Seq"),
			},
		},
		{
			Name: "abort-self/selector-fires-on-change",
			Doc:  "Self on a Selector: a failed conditional that starts succeeding aborts the running child; the Selector then succeeds.",
			Build: func(e *Env) bt.Task {
				return abortSel(self, "Sel", e.C("C", false, false, true), e.A("A", R))
			},
			Steps: []Step{
				T(R, "start Sel", "start C", "end C", "start A"),
				T(R, "start C", "end C"),
				T(S, "start C", "end C", "end A", "end Sel"),
			},
		},
		{
			Name: "abort-none/no-reevaluation",
			Doc:  "AbortNone: conditionals are not re-evaluated while a later child runs.",
			Build: func(e *Env) bt.Task {
				return abortSeq(none, "Seq", e.C("C", true, false), e.A("A", R))
			},
			Steps: []Step{T(R, "start Seq", "start C", "end C", "start A"), T(R), T(R)},
		},
		{
			Name: "abort-self/first-change-wins",
			Doc:  "Guards are re-evaluated in child order and the first change aborts; later guards are not evaluated in that tick.",
			Build: func(e *Env) bt.Task {
				return abortSel(self, "Sel", e.C("C1", false, true), e.C("C2", false, true), e.A("A", R))
			},
			Steps: []Step{
				T(R, "start Sel", "start C1", "end C1", "start C2", "end C2", "start A"),
				T(S, "start C1", "end C1", "end A", "end Sel"),
			},
		},
		{
			Name: "abort-self/later-guard-changes",
			Doc:  "Unchanged earlier guards are re-evaluated too; the changed later one aborts and the composite resumes there.",
			Build: func(e *Env) bt.Task {
				return abortSel(self, "Sel", e.C("C1", false), e.C("C2", false, true), e.A("A", R))
			},
			Steps: []Step{
				T(R, "start Sel", "start C1", "end C1", "start C2", "end C2", "start A"),
				T(S, "start C1", "end C1", "start C2", "end C2", "end A", "end Sel"),
			},
		},
		{
			Name: "abort-self/nested-leftmost-guard",
			Doc:  "Self watches the leftmost conditional of the running child: a change ends the child subtree (deepest first) and restarts it at the conditional.",
			Build: func(e *Env) bt.Task {
				return abortSeq(self, "Outer", seq("Inner", e.C("C", true, true, false), e.A("A", R)), e.A("B"))
			},
			Steps: []Step{
				T(R, "start Outer", "start Inner", "start C", "end C", "start A"),
				T(R, "start C", "end C"),
				T(F, "start C", "end C", "end A", "end Inner", "start Inner", "end Inner", "end Outer"),
			},
		},
		{
			Name: "abort-self/leftmost-guard-of-completed-child",
			Doc:  "Self watches the leftmost conditional of an earlier, completed child subtree.",
			Build: func(e *Env) bt.Task {
				return abortSeq(self, "Outer", seq("Gate", e.C("C", true, false), e.A("X")), e.A("B", R))
			},
			Steps: []Step{
				T(R, "start Outer", "start Gate", "start C", "end C", "start X", "end X", "end Gate", "start B"),
				T(F, "start C", "end C", "end B", "start Gate", "end Gate", "end Outer"),
			},
		},
		{
			Name: "abort-self/branch-ended-deepest-first",
			Doc:  "The aborted branch's running tasks each get one OnEnd, deepest first, in child order.",
			Build: func(e *Env) bt.Task {
				return abortSeq(self, "Seq", e.C("C", true, false), par("P", seq("S1", e.A("A", R)), e.A("B", R)))
			},
			Steps: []Step{
				T(R, "start Seq", "start C", "end C", "start P", "start S1", "start A", "start B"),
				T(F, "start C", "end C", "end A", "end S1", "end B", "end P", "end Seq"),
			},
		},
		{
			Name: "abort-self/guard-evaluated-once-per-tick",
			Doc:  "A conditional watched by two composites is re-evaluated once per tick.",
			Build: func(e *Env) bt.Task {
				return abortSeq(self, "Outer", abortSeq(self, "Inner", e.C("C", true), e.A("A", R)))
			},
			Steps: []Step{
				T(R, "start Outer", "start Inner", "start C", "end C", "start A"),
				T(R, "start C", "end C"),
				T(R, "start C", "end C"),
			},
		},
		{
			Name: "abort-self/new-run-evaluates-normally",
			Doc:  "Once the composite's run has ended, the next run evaluates the conditional afresh (no abort involved).",
			Build: func(e *Env) bt.Task {
				return abortSeq(self, "Seq", e.C("C", true, true, false), e.A("A", R, S))
			},
			Steps: []Step{
				T(R, "start Seq", "start C", "end C", "start A"),
				T(S, "start C", "end C", "end A", "end Seq"),
				T(F, "start Seq", "start C", "end C", "end Seq"),
			},
		},
		{
			Name: "abort-self/parallel-restarts-children",
			Doc:  "Self on a Parallel re-evaluates a finished conditional child; a change ends the running children and restarts the Parallel's children.",
			Build: func(e *Env) bt.Task {
				p := par("Par", e.C("C", true, true, false), e.A("A", R))
				p.Abort = self
				return p
			},
			Steps: []Step{
				T(R, "start Par", "start C", "end C", "start A"),
				T(R, "start C", "end C"),
				T(F, "start C", "end C", "end A", "end Par"),
			},
		},
		{
			Name: "abort-self/idle-until-condition-changes",
			Doc:  "The Behavior Designer idiom: Sequence(Self){Condition, Idle} runs until the condition changes.",
			Build: func(e *Env) bt.Task {
				return abortSeq(self, "Seq", e.C("C", true, true, true, false), named("Idle", bt.NewIdle()))
			},
			Steps: []Step{
				T(R, "start Seq", "start C", "end C", "start Idle"),
				T(R, "start C", "end C"),
				T(R, "start C", "end C"),
				T(F, "start C", "end C", "end Idle", "end Seq"),
			},
		},
		{
			Name: "abort-lower/fires-on-change",
			Doc:  "LowerPriority: while a later branch of the parent runs, a change of the ended composite's conditional ends that branch and restarts the composite at the conditional.",
			Build: func(e *Env) bt.Task {
				return sel("Root", abortSeq(low, "G", e.C("C", false, false, true), e.A("A", R)), e.A("B", R))
			},
			Steps: []Step{
				T(R, "start Root", "start G", "start C", "end C", "end G", "start B"),
				T(R, "start C", "end C"),
				T(R, "start C", "end C", "end B", "start G", "start A"),
				T(R),
			},
		},
		{
			Name: "abort-lower/no-change-no-abort",
			Doc:  "LowerPriority: an unchanged result never aborts the lower-priority branch.",
			Build: func(e *Env) bt.Task {
				return sel("Root", abortSeq(low, "G", e.C("C", false), e.A("A", R)), e.A("B", R, R, S))
			},
			Steps: []Step{
				T(R, "start Root", "start G", "start C", "end C", "end G", "start B"),
				T(R, "start C", "end C"),
				T(S, "start C", "end C", "end B", "end Root"),
			},
		},
		{
			Name: "abort-lower/not-while-running-itself",
			Doc:  "LowerPriority alone does not watch the composite's own run.",
			Build: func(e *Env) bt.Task {
				return sel("Root", abortSeq(low, "G", e.C("C", true, false), e.A("A", R)), e.A("B", R))
			},
			Steps: []Step{T(R, "start Root", "start G", "start C", "end C", "start A"), T(R), T(R)},
		},
		{
			Name: "abort-lower/flip-back",
			Doc:  "After an abort and a new failure, the watch compares with the latest evaluation.",
			Build: func(e *Env) bt.Task {
				return sel("Root", abortSeq(low, "G", e.C("C", false, true, true, false), e.A("A", R, R, F, S)), e.A("B", R))
			},
			Steps: []Step{
				T(R, "start Root", "start G", "start C", "end C", "end G", "start B"),
				T(R, "start C", "end C", "end B", "start G", "start A"),
				T(R, "end A", "end G", "start B"),
				T(R, "start C", "end C", "end B", "start G", "end G", "start B"),
			},
		},
		{
			Name: "abort-lower/resume-mid-sequence",
			Doc:  "The aborting composite resumes at the changed conditional, not at its first child.",
			Build: func(e *Env) bt.Task {
				return sel("Root", abortSeq(low, "G", e.C("C1", true), e.C("C2", false, false, true), e.A("A", R)), e.A("B", R))
			},
			Steps: []Step{
				T(R, "start Root", "start G", "start C1", "end C1", "start C2", "end C2", "end G", "start B"),
				T(R, "start C1", "end C1", "start C2", "end C2"),
				T(R, "start C1", "end C1", "start C2", "end C2", "end B", "start G", "start A"),
			},
		},
		{
			Name: "abort-lower/only-evaluated-guards",
			Doc:  "Only conditionals evaluated in the composite's last run are watched (C2 never ran).",
			Build: func(e *Env) bt.Task {
				return sel("Root", abortSeq(low, "G", e.C("C1", false), e.C("C2", true, false)), e.A("B", R))
			},
			Steps: []Step{
				T(R, "start Root", "start G", "start C1", "end C1", "end G", "start B"),
				T(R, "start C1", "end C1"),
			},
		},
		{
			Name: "abort-lower/ends-with-parent",
			Doc:  "The watch lasts only while the common parent runs.",
			Build: func(e *Env) bt.Task {
				return seq("Root", sel("P", abortSeq(low, "G", e.C("C", false, true)), e.A("B")), e.A("D", R))
			},
			Steps: []Step{
				T(R, "start Root", "start P", "start G", "start C", "end C", "end G", "start B", "end B", "end P", "start D"),
				T(R),
			},
		},
		{
			Name: "abort-lower/nested-lower-priority",
			Doc:  "A LowerPriority composite inside a LowerPriority composite is watched by the outer one's parent; guards are scanned depth-first in child order.",
			Build: func(e *Env) bt.Task {
				return sel("Root",
					abortSel(low, "Outer", abortSeq(low, "Inner", e.A("X"), e.C("C", false, false, true), e.A("A", R)), e.C("D", false)),
					e.A("B", R))
			},
			Steps: []Step{
				T(R, "start Root", "start Outer", "start Inner", "start X", "end X", "start C", "end C", "end Inner", "start D", "end D", "end Outer", "start B"),
				T(R, "start C", "end C", "start D", "end D"),
				T(R, "start C", "end C", "end B", "start Outer", "start Inner", "start A"),
			},
		},
		{
			Name: "abort-lower/not-through-none-parent",
			Doc:  "The watch does not extend through a parent composite whose abort type is None.",
			Build: func(e *Env) bt.Task {
				return sel("Root", seq("Plain", abortSeq(low, "G", e.C("C", false, true))), e.A("B", R))
			},
			Steps: []Step{
				T(R, "start Root", "start Plain", "start G", "start C", "end C", "end G", "end Plain", "start B"),
				T(R),
			},
		},
		{
			Name: "abort-lower/through-decorator",
			Doc:  "Decorators between the parent and the LowerPriority composite are looked through and restarted on the abort.",
			Build: func(e *Env) bt.Task {
				return sel("Root", named("RF", bt.NewReturnFailure(abortSeq(low, "G", e.C("C", false, false, true), e.A("A", R)))), e.A("B", R))
			},
			Steps: []Step{
				T(R, "start Root", "start RF", "start G", "start C", "end C", "end G", "end RF", "start B"),
				T(R, "start C", "end C"),
				T(R, "start C", "end C", "end B", "start RF", "start G", "start A"),
			},
		},
		{
			Name: "abort-lower/sequence-parent",
			Doc:  "LowerPriority under a Sequence: a succeeded composite whose conditional turns false aborts the later branch and fails the parent.",
			Build: func(e *Env) bt.Task {
				return seq("Root", abortSeq(low, "G", e.C("C", true, true, false)), e.A("B", R))
			},
			Steps: []Step{
				T(R, "start Root", "start G", "start C", "end C", "end G", "start B"),
				T(R, "start C", "end C"),
				T(F, "start C", "end C", "end B", "start G", "end G", "end Root"),
			},
		},
		{
			Name: "abort-lower/parallel-parent-does-not-watch",
			Doc:  "LowerPriority under a Parallel: the Parallel's children run side by side and none is of lower priority, so the ended composite's conditional is not re-evaluated.",
			Build: func(e *Env) bt.Task {
				return par("Root", abortSeq(low, "G", e.C("C", true, true, false)), e.A("B", R))
			},
			Steps: []Step{
				T(R, "start Root", "start G", "start C", "end C", "end G", "start B"),
				T(R),
				T(R),
			},
		},
		{
			Name: "abort-lower/deep-branch-ended-deepest-first",
			Doc:  "The lower-priority branch is ended deepest first before the aborting composite restarts.",
			Build: func(e *Env) bt.Task {
				return sel("Root", abortSeq(low, "G", e.C("C", false, true), e.A("A", R)), seq("Low", seq("Deep", e.A("B", R))))
			},
			Steps: []Step{
				T(R, "start Root", "start G", "start C", "end C", "end G", "start Low", "start Deep", "start B"),
				T(R, "start C", "end C", "end B", "end Deep", "end Low", "start G", "start A"),
			},
		},
		{
			Name: "abort-both/lower-then-self",
			Doc:  "Both: the composite aborts lower-priority branches and its own later children.",
			Build: func(e *Env) bt.Task {
				return sel("Root", abortSeq(both, "G", e.C("C", false, true, true, false), e.A("A", R)), e.A("B", R))
			},
			Steps: []Step{
				T(R, "start Root", "start G", "start C", "end C", "end G", "start B"),
				T(R, "start C", "end C", "end B", "start G", "start A"),
				T(R, "start C", "end C"),
				T(R, "start C", "end C", "end A", "end G", "start B"),
			},
		},
		{
			Name: "abort-self/random-selector-resumes-at-child",
			Doc:  "Ordered composites resume at the aborting child's place in their current order.",
			Build: func(e *Env) bt.Task {
				rs := named("RS", bt.NewRandomSelector(bt.NewRand(7), e.C("C", false, false, true), e.A("A", R)))
				rs.Weights = []int{5, 0}
				rs.Abort = self
				return rs
			},
			Steps: []Step{
				T(R, "start RS", "start C", "end C", "start A"),
				T(R, "start C", "end C"),
				T(S, "start C", "end C", "end A", "end RS"),
			},
		},
		{
			Name: "abort-lower/counters-reset-in-aborted-branch",
			Doc:  "A Repeater in the aborted branch is ended early; its next run counts from zero (it needs three more ticks).",
			Build: func(e *Env) bt.Task {
				return sel("Root", abortSeq(low, "G", e.C("C", false, true), e.A("A", F)), named("Rep", bt.NewRepeater(3, e.A("B"))))
			},
			Steps: []Step{
				T(R, "start Root", "start G", "start C", "end C", "end G", "start Rep", "start B", "end B"),
				T(R, "start C", "end C", "end Rep", "start G", "start A", "end A", "end G", "start Rep", "start B", "end B"),
				T(R, "start C", "end C", "start B", "end B"),
				T(S, "start C", "end C", "start B", "end B", "end Rep", "end Root"),
			},
		},
	}
}
