package conformance

import "github.com/btlua/btlua/stdlib/bt"

// executionCases pin down the two execution types (bt.ExecutionType):
// under NoDuplicates, the default, a repeating decorator runs its child at
// most once per tick; under Count it runs it again within the tick, up to
// the tree's cap on task executions per tick.
func executionCases() []Case {
	run := func(name string) []string { return []string{"start " + name, "end " + name} }
	join := func(parts ...[]string) []string {
		var out []string
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	times := func(n int, part []string) []string {
		var out []string
		for range n {
			out = append(out, part...)
		}
		return out
	}
	untilSuccess := func(e *Env) bt.Task {
		u := named("US", bt.NewUntilSuccess(e.A("A", F)))
		u.MaxAttempts = 3
		return u
	}
	repeater := func(e *Env) bt.Task { return named("Rep", bt.NewRepeater(3, e.A("A"))) }
	untilFailure := func(e *Env) bt.Task { return named("UF", bt.NewUntilFailure(e.CallA("A", S, S, F))) }
	timer := func(e *Env) bt.Task {
		return named("Rep", bt.NewRepeater(3, seq("Seq", named("Wait", bt.NewWait(0.3)), e.A("Fire"))))
	}
	fire := []string{"end Wait", "start Fire", "end Fire", "end Seq"}
	restart := []string{"start Seq", "start Wait"}
	return []Case{
		{
			Name:  "execution/no-duplicates/until-success",
			Doc:   "NoDuplicates (the default): UntilSuccess(3) over an instant failure makes one attempt per tick and fails on tick 3.",
			Build: untilSuccess,
			Steps: []Step{
				T(R, "start US", "start A", "end A"),
				T(R, "start A", "end A"),
				T(F, "start A", "end A", "end US"),
			},
		},
		{
			Name:          "execution/count/until-success",
			Doc:           "Count: UntilSuccess(3) over an instant failure makes its 3 attempts and fails on tick 1.",
			Build:         untilSuccess,
			ExecutionType: bt.Count,
			Steps: []Step{
				T(F, join([]string{"start US"}, times(3, run("A")), []string{"end US"})...),
				T(F, join([]string{"start US"}, times(3, run("A")), []string{"end US"})...),
			},
		},
		{
			Name:  "execution/no-duplicates/repeater",
			Doc:   "NoDuplicates: Repeater(3) over an instant success takes 3 ticks.",
			Build: repeater,
			Steps: []Step{
				T(R, "start Rep", "start A", "end A"),
				T(R, "start A", "end A"),
				T(S, "start A", "end A", "end Rep"),
			},
		},
		{
			Name:          "execution/count/repeater",
			Doc:           "Count: Repeater(3) over an instant success runs it 3 times and succeeds on tick 1.",
			Build:         repeater,
			ExecutionType: bt.Count,
			Steps: []Step{
				T(S, join([]string{"start Rep"}, times(3, run("A")), []string{"end Rep"})...),
			},
		},
		{
			Name:  "execution/no-duplicates/until-failure",
			Doc:   "NoDuplicates: UntilFailure over a child that succeeds, succeeds, then fails (each at once) fails on tick 3.",
			Build: untilFailure,
			Steps: []Step{
				T(R, "start UF", "start A", "end A"),
				T(R, "start A", "end A"),
				T(F, "start A", "end A", "end UF"),
			},
		},
		{
			Name:          "execution/count/until-failure",
			Doc:           "Count: UntilFailure over a child that succeeds, succeeds, then fails (each at once) fails on tick 1.",
			Build:         untilFailure,
			ExecutionType: bt.Count,
			Once:          true,
			Steps: []Step{
				T(F, join([]string{"start UF"}, times(3, run("A")), []string{"end UF"})...),
			},
		},
		{
			Name:  "execution/no-duplicates/timer-drifts",
			Doc:   "NoDuplicates at 10 Hz: Repeater(3)[Sequence[Wait(0.3), Fire]] fires on ticks 4, 8 and 12: the Wait restarts a tick after it completed.",
			Build: timer,
			DT:    0.1,
			Once:  true,
			Steps: []Step{
				T(R, "start Rep", "start Seq", "start Wait"), T(R), T(R),
				T(R, fire...),
				T(R, restart...), T(R), T(R),
				T(R, fire...),
				T(R, restart...), T(R), T(R),
				T(S, append(fire, "end Rep")...),
			},
		},
		{
			Name:          "execution/count/timer-no-drift",
			Doc:           "Count at 10 Hz: Repeater(3)[Sequence[Wait(0.3), Fire]] fires on ticks 4, 7 and 10 (tree time 0.4, 0.7, 1.0 s): the Wait restarts in the tick it completed and measures from that time.",
			Build:         timer,
			DT:            0.1,
			Once:          true,
			ExecutionType: bt.Count,
			Steps: []Step{
				T(R, "start Rep", "start Seq", "start Wait"), T(R), T(R),
				T(R, join(fire, restart)...), T(R), T(R),
				T(R, join(fire, restart)...), T(R), T(R),
				T(S, append(fire, "end Rep")...),
			},
		},
		{
			Name:              "execution/count/forever-stops-at-the-cap",
			Doc:               "Count: a forever Repeater over an instant child runs it until the tree made MaxTaskExecutions task executions in the tick (4: the Repeater's and 3 runs of A), returns Running and goes on next tick.",
			Build:             func(e *Env) bt.Task { return named("Rep", bt.NewRepeatForever(e.A("A"))) },
			ExecutionType:     bt.Count,
			MaxTaskExecutions: 4,
			Steps: []Step{
				T(R, join([]string{"start Rep"}, times(3, run("A")))...),
				T(R, times(3, run("A"))...),
			},
		},
		{
			Name:              "execution/count/until-success-at-the-cap",
			Doc:               "Count: an unlimited UntilSuccess over an instant failure makes attempts until the cap (3 executions: 2 attempts a tick).",
			Build:             func(e *Env) bt.Task { return named("US", bt.NewUntilSuccess(e.A("A", F))) },
			ExecutionType:     bt.Count,
			MaxTaskExecutions: 3,
			Steps: []Step{
				T(R, "start US", "start A", "end A", "start A", "end A"),
				T(R, "start A", "end A", "start A", "end A"),
			},
		},
		{
			Name:          "execution/count/running-child",
			Doc:           "Count: a child run that returns Running stops the loop; the Repeater goes on with it next tick.",
			Build:         func(e *Env) bt.Task { return named("Rep", bt.NewRepeater(3, e.CallA("A", S, R, S, S))) },
			ExecutionType: bt.Count,
			Steps: []Step{
				T(R, "start Rep", "start A", "end A", "start A"),
				T(S, "end A", "start A", "end A", "end Rep"),
			},
		},
		{
			Name:          "execution/count/sibling-runs-in-the-same-tick",
			Doc:           "Count: after a Repeater completes its runs within the tick, its Sequence goes on to the next child in the same tick.",
			Build:         func(e *Env) bt.Task { return seq("Seq", named("Rep", bt.NewRepeater(2, e.A("A"))), e.A("B")) },
			ExecutionType: bt.Count,
			Steps: []Step{
				T(S, "start Seq", "start Rep", "start A", "end A", "start A", "end A", "end Rep", "start B", "end B", "end Seq"),
			},
		},
	}
}
