package bt_test

import (
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// eventStep is one tick, halt or reload of an observer scenario with the
// exact events the Observer hears during it.
type eventStep struct {
	do     func(tr *bt.BehaviorTree) bt.Status
	want   bt.Status
	events []string
}

func tickE(want bt.Status, events ...string) eventStep {
	return eventStep{do: func(tr *bt.BehaviorTree) bt.Status { return tr.Tick(1) }, want: want, events: events}
}

func haltE(cause bt.EndCause, events ...string) eventStep {
	return eventStep{do: func(tr *bt.BehaviorTree) bt.Status { tr.HaltWith(cause); return bt.Inactive }, want: bt.Inactive, events: events}
}

// runEvents ticks root with a TraceObserver as the tree's Observer and
// compares, step by step, the root status and every start and end the
// Observer heard, in call order, with the causes of the ends.
func runEvents(t *testing.T, root bt.Task, steps ...eventStep) *bt.TraceObserver {
	t.Helper()
	tr := bt.NewBehaviorTree(root)
	o := bt.NewTraceObserver(nil)
	tr.Observer = o
	for i, st := range steps {
		o.ClearEvents()
		got := st.do(tr)
		var evs []string
		for _, e := range o.Events {
			evs = append(evs, e.String())
		}
		if got != st.want || strings.Join(evs, "\n") != strings.Join(st.events, "\n") {
			t.Fatalf("step %d (tick %d): status %v, events:\n%s\nwant %v, events:\n%s", i+1, tr.Ticks(), got,
				strings.Join(evs, "\n"), st.want, strings.Join(st.events, "\n"))
		}
	}
	return o
}

// The Observer hears every end with its cause, in call order: the
// descendants of a branch ended early first, each with the same cause.
func TestObserverEndCauses(t *testing.T) {
	var log []string
	t.Run("self abort", func(t *testing.T) {
		vis := newCond(&log, "IsVisible", true, false)
		seq := name("Seq", bt.NewSequence(vis, newAct(&log, "Attack", R)))
		seq.Abort = bt.AbortSelf
		o := runEvents(t, seq,
			tickE(R, "start Seq", "start Seq/IsVisible[1]", "end Seq/IsVisible[1] Success", "start Seq/Attack[2]"),
			tickE(F, "start Seq/IsVisible[1]", "end Seq/IsVisible[1] Failure",
				"end Seq/Attack[2] Running (aborted by Seq/IsVisible[1])",
				"end Seq Failure"),
		)
		if c := o.Events[2].Cause; c.Kind != bt.EndAborted || c.By != bt.Task(vis) {
			t.Fatalf("cause %+v, want EndAborted by the conditional", c)
		}
	})
	t.Run("timeout", func(t *testing.T) {
		to := name("TO", bt.NewTimeout(2, name("Work", bt.NewSequence(newAct(&log, "Dig", R)))))
		o := runEvents(t, to,
			tickE(R, "start TO", "start TO/Work[1]", "start TO/Work[1]/Dig[1]"),
			tickE(R),
			tickE(F, "end TO/Work[1]/Dig[1] Running (timed out by TO)",
				"end TO/Work[1] Running (timed out by TO)",
				"end TO Failure"),
		)
		if c := o.Events[0].Cause; c.Kind != bt.EndTimedOut || c.By != bt.Task(to) {
			t.Fatalf("cause %+v, want EndTimedOut by the Timeout", c)
		}
	})
	t.Run("interruption", func(t *testing.T) {
		in := name("Int", bt.NewInterrupt(newAct(&log, "Long", R)))
		later := name("Later", bt.NewSequence(newAct(&log, "Step", R, S), name("Stop", bt.NewPerformInterruption(bt.Success, in))))
		runEvents(t, name("Par", bt.NewParallel(in, later)),
			tickE(R, "start Par", "start Par/Int[1]", "start Par/Int[1]/Long[1]", "start Par/Later[2]", "start Par/Later[2]/Step[1]"),
			tickE(R, "end Par/Later[2]/Step[1] Success", "start Par/Later[2]/Stop[2]", "end Par/Later[2]/Stop[2] Success",
				"end Par/Later[2] Success"),
			tickE(S, "end Par/Int[1]/Long[1] Running (interrupted by Par/Int[1])", "end Par/Int[1] Success", "end Par Success"),
		)
	})
	t.Run("a parent's failure", func(t *testing.T) {
		busy := name("Busy", bt.NewSequence(newAct(&log, "Walk", R)))
		runEvents(t, name("Par", bt.NewParallel(newAct(&log, "Fail", R, F), busy)),
			tickE(R, "start Par", "start Par/Fail[1]", "start Par/Busy[2]", "start Par/Busy[2]/Walk[1]"),
			tickE(F, "end Par/Fail[1] Failure",
				"end Par/Busy[2]/Walk[1] Running (by parent Par)",
				"end Par/Busy[2] Running (by parent Par)",
				"end Par Failure"),
		)
	})
	t.Run("a conditional evaluator's failed conditional", func(t *testing.T) {
		ce := name("CE", bt.NewConditionalEvaluator(newCond(&log, "Ok", true, false), newAct(&log, "Work", R)))
		runEvents(t, ce,
			tickE(R, "start CE", "start Ok", "end Ok Success", "start CE/Work[1]"),
			tickE(F, "start Ok", "end Ok Failure", "end CE/Work[1] Running (by parent CE)", "end CE Failure"),
		)
	})
	t.Run("halt and reload", func(t *testing.T) {
		seq := name("Seq", bt.NewSequence(newAct(&log, "A", R)))
		runEvents(t, seq,
			tickE(R, "start Seq", "start Seq/A[1]"),
			haltE(bt.EndCause{Kind: bt.EndHalted}, "end Seq/A[1] Running (halted)", "end Seq Running (halted)"),
		)
		runEvents(t, name("Seq", bt.NewSequence(newAct(&log, "A", R))),
			tickE(R, "start Seq", "start Seq/A[1]"),
			haltE(bt.EndCause{Kind: bt.EndReload}, "end Seq/A[1] Running (reload)", "end Seq Running (reload)"),
		)
	})
}

// End gives the cause EndByParent with the task's parent, or EndHalted
// for a root; EndWith passes its cause to every task it ends.
func TestEndAndEndWithCauses(t *testing.T) {
	var log []string
	a := newAct(&log, "A", R)
	seq := name("Seq", bt.NewSequence(name("Inner", bt.NewSequence(a))))
	tr := bt.NewBehaviorTree(seq)
	o := bt.NewTraceObserver(nil)
	tr.Observer = o
	tr.Tick(1)
	o.ClearEvents()
	bt.End(seq.Children()[0])
	bt.End(seq)
	tr.Tick(1)
	bt.EndWith(seq, bt.EndCause{Kind: bt.EndTimedOut, By: seq})
	var got []string
	for _, e := range o.Events {
		if !e.Started {
			got = append(got, e.String())
		}
	}
	want := []string{
		"end Seq/Inner[1]/A[1] Running (by parent Seq)", "end Seq/Inner[1] Running (by parent Seq)",
		"end Seq Running (halted)",
		"end Seq/Inner[1]/A[1] Running (timed out by Seq)", "end Seq/Inner[1] Running (timed out by Seq)", "end Seq Running (timed out by Seq)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("ends:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestEndCauseStrings(t *testing.T) {
	root := name("Root", bt.NewSequence(name("C", bt.NewSequence())))
	by := root.Children()[0]
	for _, c := range []struct {
		cause      bt.EndCause
		kind, text string
	}{
		{bt.EndCause{}, "Completed", "completed"},
		{bt.EndCause{Kind: bt.EndAborted, By: by}, "Aborted", "aborted by Root/C[1]"},
		{bt.EndCause{Kind: bt.EndTimedOut, By: by}, "TimedOut", "timed out by Root/C[1]"},
		{bt.EndCause{Kind: bt.EndInterrupted, By: by}, "Interrupted", "interrupted by Root/C[1]"},
		{bt.EndCause{Kind: bt.EndByParent, By: root}, "ByParent", "by parent Root"},
		{bt.EndCause{Kind: bt.EndHalted}, "Halted", "halted"},
		{bt.EndCause{Kind: bt.EndReload}, "Reload", "reload"},
		{bt.EndCause{Kind: 99}, "EndKind(99)", "EndKind(99)"},
	} {
		if c.cause.Kind.String() != c.kind || c.cause.String() != c.text || c.cause.Early() != (c.kind != "Completed") {
			t.Errorf("%v: %q %q", c.cause.Kind, c.cause.Kind.String(), c.cause.String())
		}
	}
}
