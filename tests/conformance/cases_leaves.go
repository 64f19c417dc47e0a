package conformance

import "github.com/btlua/btlua/stdlib/bt"

// leafCases pin down the built-in timed leaves and composite
// preconditions.
func leafCases() []Case {
	return []Case{
		{
			Name:  "wait/half-second-ticks",
			Doc:   "Wait(1s) at dt=0.5: Running on its first tick (elapsed 0), Running, then Success.",
			DT:    0.5,
			Build: func(e *Env) bt.Task { return named("W", bt.NewWait(1)) },
			Steps: []Step{T(R, "start W"), T(R), T(S, "end W"), T(R, "start W")},
		},
		{
			Name:  "wait/in-sequence",
			Doc:   "Wait's clock starts at the tick it starts: Wait(2s) at dt=1 after an instant child.",
			Build: func(e *Env) bt.Task { return seq("Seq", e.A("A"), named("W", bt.NewWait(2)), e.A("B")) },
			Steps: []Step{
				T(R, "start Seq", "start A", "end A", "start W"),
				T(R),
				T(S, "end W", "start B", "end B", "end Seq"),
			},
		},
		{
			Name:  "wait/zero",
			Doc:   "Wait(0) succeeds on its first tick.",
			Build: func(e *Env) bt.Task { return named("W", bt.NewWait(0)) },
			Steps: []Step{T(S, "start W", "end W")},
		},
		{
			Name:  "idle/always-running",
			Doc:   "Idle never finishes.",
			Build: func(e *Env) bt.Task { return seq("Seq", named("Idle", bt.NewIdle()), e.A("A")) },
			Steps: []Step{T(R, "start Seq", "start Idle"), T(R), T(R)},
		},
		{
			Name: "precondition/blocks-start",
			Doc:  "A composite whose precondition fails does not start; the parent Selector moves on (warrior seed).",
			Build: func(e *Env) bt.Task {
				attack := seq("Attack", e.A("Hit", R))
				attack.AddCondition(e.Pre(false, true))
				return sel("Root", attack, e.A("Patrol"))
			},
			Steps: []Step{
				T(S, "start Root", "start Patrol", "end Patrol", "end Root"),
				T(R, "start Root", "start Attack", "start Hit"),
			},
		},
		{
			Name: "precondition/fails-running-composite",
			Doc:  "Preconditions are checked every tick of the run: a failure ends the running child and fails the composite.",
			Build: func(e *Env) bt.Task {
				attack := seq("Attack", e.A("Hit", R))
				attack.AddCondition(e.Pre(true, true, false))
				return sel("Root", attack, e.A("Patrol", R))
			},
			Steps: []Step{
				T(R, "start Root", "start Attack", "start Hit"),
				T(R),
				T(R, "end Hit", "end Attack", "start Patrol"),
			},
		},
		{
			Name: "precondition/not-and-all",
			Doc:  "PreconditionNot negates; every condition must hold (warrior seed's hasTarget / isNotAnger pairs).",
			Build: func(e *Env) bt.Task {
				crazy := seq("Crazy", e.A("CrazyHit"))
				crazy.AddCondition(e.Pre(true))
				crazy.AddCondition(e.Pre(true, false))
				calm := seq("Calm", e.A("Hit"))
				calm.AddCondition(e.Pre(true))
				calm.AddCondition(bt.PreconditionNot(e.Pre(true, false)))
				return sel("Attack", crazy, calm)
			},
			Steps: []Step{
				T(S, "start Attack", "start Crazy", "start CrazyHit", "end CrazyHit", "end Crazy", "end Attack"),
				T(S, "start Attack", "start Calm", "start Hit", "end Hit", "end Calm", "end Attack"),
			},
		},
	}
}
