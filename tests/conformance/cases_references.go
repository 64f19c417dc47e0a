package conformance

import "github.com/btlua/btlua/stdlib/bt"

// referenceCases pin down tree references (bt.TreeReference): the
// subtree runs as the reference's child; its variables are the parent's
// by name unless the reference owns or remaps them; conditional aborts
// reach into and out of it as into any child; SetTree swaps it while it
// runs. Reload and cycle refusal need files: they are tested with the
// host (host/tree_reference_test.go) and the Lua binding
// (lua/btlib/tree_reference_test.go).
func referenceCases() []Case {
	set := func(name, v string, value any) bt.Task { return named(name, bt.NewSetVariable(v, value)) }
	is := func(name, v string, value any) bt.Task {
		test, err := bt.NewVarTest(v, bt.OpEqual, value, false)
		if err != nil {
			panic(err)
		}
		return named(name, bt.NewVarCompare(test))
	}
	ref := func(name, file string, root bt.Task) *bt.TreeReference {
		return named(name, bt.NewTreeReference(file, root))
	}
	return []Case{
		{
			Name: "reference/share",
			Doc:  "A variable the subtree writes and the reference does not name is the parent's: the parent sees seen = true.",
			Build: func(e *Env) bt.Task {
				return seq("Root", set("Init", "seen", false), ref("Flee", "flee.lua", seq("Sub", set("Mark", "seen", true))), is("Seen", "seen", true), e.A("Go"))
			},
			Steps: []Step{
				T(S, "start Root", "start Init", "end Init", "start Flee", "start Sub", "start Mark", "end Mark", "end Sub", "end Flee", "start Seen", "end Seen", "start Go", "end Go", "end Root"),
			},
		},
		{
			Name: "reference/own",
			Doc:  "A variable the reference owns (Own) is the subtree's: the parent's seen stays false.",
			Build: func(e *Env) bt.Task {
				r := ref("Flee", "flee.lua", seq("Sub", set("Mark", "seen", true)))
				r.Own("seen", false)
				return seq("Root", set("Init", "seen", false), r, is("Seen", "seen", true), e.A("Go"))
			},
			Steps: []Step{
				T(F, "start Root", "start Init", "end Init", "start Flee", "start Sub", "start Mark", "end Mark", "end Sub", "end Flee", "start Seen", "end Seen", "end Root"),
			},
		},
		{
			Name: "reference/remap",
			Doc:  "A remapped variable (Remap seen -> spotted) is the parent's spotted; the parent's seen is untouched.",
			Build: func(e *Env) bt.Task {
				r := ref("Flee", "flee.lua", seq("Sub", set("Mark", "seen", true)))
				r.Remap("seen", "spotted")
				return seq("Root", set("Init", "seen", false), set("Init2", "spotted", false), r,
					is("Spotted", "spotted", true), is("NotSeen", "seen", false), e.A("Go"))
			},
			Steps: []Step{
				T(S, "start Root", "start Init", "end Init", "start Init2", "end Init2", "start Flee", "start Sub", "start Mark", "end Mark", "end Sub", "end Flee",
					"start Spotted", "end Spotted", "start NotSeen", "end NotSeen", "start Go", "end Go", "end Root"),
			},
		},
		{
			Name: "reference/abort-out",
			Doc:  "A LowerPriority guard of the parent aborts the running subtree: its tasks end deepest first, then the reference.",
			Build: func(e *Env) bt.Task {
				return sel("Root",
					abortSeq(bt.AbortLowerPriority, "Guarded", e.C("C", false, false, true), e.A("A1", R)),
					ref("Flee", "flee.lua", seq("Sub", e.A("B", R))))
			},
			Steps: []Step{
				T(R, "start Root", "start Guarded", "start C", "end C", "end Guarded", "start Flee", "start Sub", "start B"),
				T(R, "start C", "end C"),
				T(R, "start C", "end C", "end B", "end Sub", "end Flee", "start Guarded", "start A1"),
			},
		},
		{
			Name: "reference/abort-into",
			Doc:  "A LowerPriority guard inside the subtree watches the parent's later branch as it would in place.",
			Build: func(e *Env) bt.Task {
				return sel("Root",
					ref("Flee", "flee.lua", abortSeq(bt.AbortLowerPriority, "Guarded", e.C("C", false, false, true), e.A("A1", R))),
					e.A("B", R))
			},
			Steps: []Step{
				T(R, "start Root", "start Flee", "start Guarded", "start C", "end C", "end Guarded", "end Flee", "start B"),
				T(R, "start C", "end C"),
				T(R, "start C", "end C", "end B", "start Flee", "start Guarded", "start A1"),
			},
		},
		{
			Name: "reference/abort-self-inside",
			Doc:  "A Self abort type on a composite inside the subtree ends its running branch when its guard changes.",
			Build: func(e *Env) bt.Task {
				return ref("Flee", "flee.lua", abortSeq(bt.AbortSelf, "Seq", e.C("C", true, true, false), e.A("A", R)))
			},
			Once: true,
			Steps: []Step{
				T(R, "start Flee", "start Seq", "start C", "end C", "start A"),
				T(R, "start C", "end C"),
				T(F, "start C", "end C", "end A", "end Seq", "end Flee"),
			},
		},
		{
			Name: "reference/swap-while-running",
			Doc:  "SetTree while the subtree runs ends it at once (cause replaced); the new subtree starts at the reference's next tick.",
			Build: func(e *Env) bt.Task {
				r := ref("Flee", "flee.lua", e.A("Old", R))
				next := e.A("New", R)
				swap := named("Swap", bt.NewFuncAction(func() bt.Status {
					if e.ticks() == 2 {
						if err := r.SetTree(next); err != nil {
							panic(err)
						}
					}
					return bt.Running
				}))
				return par("Root", r, swap)
			},
			Steps: []Step{
				T(R, "start Root", "start Flee", "start Old", "start Swap"),
				T(R, "end Old"),
				T(R, "start New"),
			},
		},
	}
}
