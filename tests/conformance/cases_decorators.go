package conformance

import "github.com/btlua/btlua/stdlib/bt"

// decoratorCases pin down the decorators, in particular that counters and
// timers reset when the decorator's run ends early.
func decoratorCases() []Case {
	return []Case{
		{
			Name:  "inverter/inverts",
			Doc:   "Inverter swaps Success and Failure and passes Running.",
			Build: func(e *Env) bt.Task { return named("Inv", bt.NewInverter(e.A("A", R, S, F))) },
			Steps: []Step{
				T(R, "start Inv", "start A"),
				T(F, "end A", "end Inv"),
				T(S, "start Inv", "start A", "end A", "end Inv"),
			},
		},
		{
			Name: "return-success-failure/force",
			Doc:  "ReturnSuccess and ReturnFailure force the finished status and pass Running.",
			Build: func(e *Env) bt.Task {
				return seq("Seq", named("RS", bt.NewReturnSuccess(e.A("A", R, F))), named("RF", bt.NewReturnFailure(e.A("B"))))
			},
			Steps: []Step{
				T(R, "start Seq", "start RS", "start A"),
				T(F, "end A", "end RS", "start RF", "start B", "end B", "end RF", "end Seq"),
			},
		},
		{
			Name:  "repeater/one-completion-per-tick",
			Doc:   "Repeater counts one child completion per tick: Repeater(3) over an instant child takes three ticks.",
			Build: func(e *Env) bt.Task { return named("Rep", bt.NewRepeater(3, e.A("A"))) },
			Steps: []Step{
				T(R, "start Rep", "start A", "end A"),
				T(R, "start A", "end A"),
				T(S, "start A", "end A", "end Rep"),
				T(R, "start Rep", "start A", "end A"),
			},
		},
		{
			Name:  "repeater/returns-last-status",
			Doc:   "Without EndOnFailure a Repeater ends with the child's last status.",
			Build: func(e *Env) bt.Task { return named("Rep", bt.NewRepeater(2, e.A("A", F, R, S))) },
			Steps: []Step{
				T(R, "start Rep", "start A", "end A"),
				T(R, "start A"),
				T(S, "end A", "end Rep"),
			},
		},
		{
			Name: "repeater/end-on-failure",
			Doc:  "With EndOnFailure the first child Failure ends the Repeater with Failure.",
			Build: func(e *Env) bt.Task {
				r := named("Rep", bt.NewRepeatForever(e.A("A", S, S, F)))
				r.EndOnFailure = true
				return r
			},
			Steps: []Step{
				T(R, "start Rep", "start A", "end A"),
				T(R, "start A", "end A"),
				T(F, "start A", "end A", "end Rep"),
			},
		},
		{
			Name:  "repeater/forever",
			Doc:   "RepeatForever keeps running the child, failures included.",
			Build: func(e *Env) bt.Task { return named("Rep", bt.NewRepeatForever(e.A("A", S, F, R))) },
			Steps: []Step{
				T(R, "start Rep", "start A", "end A"),
				T(R, "start A", "end A"),
				T(R, "start A"),
				T(R),
			},
		},
		{
			Name:  "repeater/reset-after-halt",
			Doc:   "A Repeater ended early (Halt) counts from zero in its next run.",
			Build: func(e *Env) bt.Task { return named("Rep", bt.NewRepeater(3, e.A("A"))) },
			Steps: []Step{
				T(R, "start Rep", "start A", "end A"),
				T(R, "start A", "end A"),
				Halt("end Rep"),
				T(R, "start Rep", "start A", "end A"),
				T(R, "start A", "end A"),
				T(S, "start A", "end A", "end Rep"),
			},
		},
		{
			Name: "repeater/reset-after-self-abort",
			Doc:  "A Repeater ended by a Self abort counts from zero in its next run.",
			Build: func(e *Env) bt.Task {
				return abortSel(bt.AbortSelf, "Sel", e.C("C", false, true, false), named("Rep", bt.NewRepeater(3, e.A("A"))))
			},
			Steps: []Step{
				T(R, "start Sel", "start C", "end C", "start Rep", "start A", "end A"),
				T(S, "start C", "end C", "end Rep", "end Sel"),
				T(R, "start Sel", "start C", "end C", "start Rep", "start A", "end A"),
				T(R, "start C", "end C", "start A", "end A"),
				T(S, "start C", "end C", "start A", "end A", "end Rep", "end Sel"),
			},
		},
		{
			Name:  "until-success/retries",
			Doc:   "UntilSuccess retries a failing child on the next tick and succeeds with it.",
			Build: func(e *Env) bt.Task { return named("US", bt.NewUntilSuccess(e.A("A", F, R, F, S))) },
			Steps: []Step{
				T(R, "start US", "start A", "end A"),
				T(R, "start A"),
				T(R, "end A"),
				T(S, "start A", "end A", "end US"),
			},
		},
		{
			Name: "until-success/max-attempts",
			Doc:  "With MaxAttempts the last allowed failure fails.",
			Build: func(e *Env) bt.Task {
				u := named("US", bt.NewUntilSuccess(e.A("A", F)))
				u.MaxAttempts = 2
				return u
			},
			Steps: []Step{
				T(R, "start US", "start A", "end A"),
				T(F, "start A", "end A", "end US"),
			},
		},
		{
			Name: "until-success/reset-after-halt",
			Doc:  "UntilSuccess's attempt counter restarts after an early end.",
			Build: func(e *Env) bt.Task {
				u := named("US", bt.NewUntilSuccess(e.A("A", F)))
				u.MaxAttempts = 2
				return u
			},
			Steps: []Step{
				T(R, "start US", "start A", "end A"),
				Halt("end US"),
				T(R, "start US", "start A", "end A"),
				T(F, "start A", "end A", "end US"),
			},
		},
		{
			Name:  "until-failure/repeats",
			Doc:   "UntilFailure repeats a succeeding child and ends with Failure when it fails.",
			Build: func(e *Env) bt.Task { return named("UF", bt.NewUntilFailure(e.A("A", S, S, F))) },
			Steps: []Step{
				T(R, "start UF", "start A", "end A"),
				T(R, "start A", "end A"),
				T(F, "start A", "end A", "end UF"),
			},
		},
		{
			Name:  "cooldown/holds-result",
			Doc:   "Cooldown(1s) at dt=0.5 holds the child's result for two more ticks, then returns it.",
			DT:    0.5,
			Build: func(e *Env) bt.Task { return named("CD", bt.NewCooldown(1, e.A("A", F))) },
			Steps: []Step{
				T(R, "start CD", "start A", "end A"),
				T(R),
				T(F, "end CD"),
				T(R, "start CD", "start A", "end A"),
			},
		},
		{
			Name:  "cooldown/reset-after-halt",
			Doc:   "A Cooldown ended early forgets its timer: the next run ticks the child again.",
			Build: func(e *Env) bt.Task { return named("CD", bt.NewCooldown(5, e.A("A"))) },
			Steps: []Step{
				T(R, "start CD", "start A", "end A"),
				Halt("end CD"),
				T(R, "start CD", "start A", "end A"),
			},
		},
		{
			Name:  "cooldown/zero-passes-through",
			Doc:   "Cooldown(0) returns the child's status on the tick it finishes.",
			Build: func(e *Env) bt.Task { return named("CD", bt.NewCooldown(0, e.A("A", R, S))) },
			Steps: []Step{T(R, "start CD", "start A"), T(S, "end A", "end CD")},
		},
		{
			Name:  "timeout/fails-running-child",
			Doc:   "Timeout(2s) at dt=1 ticks the child twice; the third tick ends it and fails without ticking it.",
			Build: func(e *Env) bt.Task { return named("TO", bt.NewTimeout(2, e.A("A", R))) },
			Steps: []Step{
				T(R, "start TO", "start A"),
				T(R),
				T(F, "end A", "end TO"),
				T(R, "start TO", "start A"),
			},
		},
		{
			Name:  "timeout/passes-child-result",
			Doc:   "A child finishing in time passes its status through.",
			Build: func(e *Env) bt.Task { return named("TO", bt.NewTimeout(2, e.A("A", R, F))) },
			Steps: []Step{T(R, "start TO", "start A"), T(F, "end A", "end TO")},
		},
		{
			Name:  "timeout/reset-after-halt",
			Doc:   "The Timeout's clock restarts with each run, including after an early end.",
			Build: func(e *Env) bt.Task { return named("TO", bt.NewTimeout(2, e.A("A", R))) },
			Steps: []Step{
				T(R, "start TO", "start A"),
				T(R),
				Halt("end A", "end TO"),
				T(R, "start TO", "start A"),
				T(R),
				T(F, "end A", "end TO"),
			},
		},
		{
			Name: "interrupt/from-sibling",
			Doc:  "PerformInterruption ticked after the Interrupt: the Interrupt ends its child and returns the status on its next tick.",
			Build: func(e *Env) bt.Task {
				in := named("Int", bt.NewInterrupt(e.A("A", R)))
				perform := named("Perf", bt.NewPerformInterruption(bt.Success, in))
				return par("Par", in, seq("Later", e.A("W", R, S), perform))
			},
			Steps: []Step{
				T(R, "start Par", "start Int", "start A", "start Later", "start W"),
				T(R, "end W", "start Perf", "end Perf", "end Later"),
				T(S, "end A", "end Int", "end Par"),
			},
		},
		{
			Name: "interrupt/from-inside",
			Doc:  "An interruption from inside the child's subtree takes effect when the child's tick returns, in the same tick.",
			Build: func(e *Env) bt.Task {
				in := named("Int", bt.NewInterrupt(nil))
				perform := named("Perf", bt.NewPerformInterruption(bt.Failure, in))
				if err := in.AddChild(seq("Inner", e.A("A", R, S), perform, e.A("B", R))); err != nil {
					panic(err)
				}
				return in
			},
			Steps: []Step{
				T(R, "start Int", "start Inner", "start A"),
				T(F, "end A", "start Perf", "end Perf", "start B", "end B", "end Inner", "end Int"),
			},
		},
		{
			Name: "conditional-evaluator/reevaluates",
			Doc:  "ConditionalEvaluator re-evaluates its conditional each tick; when it fails the child is ended and it fails.",
			Build: func(e *Env) bt.Task {
				return named("CE", bt.NewConditionalEvaluator(e.C("C", true, true, false), e.A("A", R)))
			},
			Steps: []Step{
				T(R, "start CE", "start C", "end C", "start A"),
				T(R, "start C", "end C"),
				T(F, "start C", "end C", "end A", "end CE"),
			},
		},
		{
			Name: "conditional-evaluator/once",
			Doc:  "With Reevaluate off the conditional is evaluated once per run.",
			Build: func(e *Env) bt.Task {
				ce := named("CE", bt.NewConditionalEvaluator(e.C("C", true, false), e.A("A", R, S)))
				ce.Reevaluate = false
				return ce
			},
			Steps: []Step{
				T(R, "start CE", "start C", "end C", "start A"),
				T(S, "end A", "end CE"),
				T(F, "start CE", "start C", "end C", "end CE"),
			},
		},
	}
}
