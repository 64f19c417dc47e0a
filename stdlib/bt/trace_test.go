package bt_test

import (
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// traceStep is one tick (or a halt) of a trace scenario with the exact
// lines FormatChanges prints after it.
type traceStep struct {
	halt  bool
	want  bt.Status
	lines []string
}

// runTrace ticks root with a TraceObserver and compares, after every
// step, the trace lines and the root status.
func runTrace(t *testing.T, root bt.Task, restart bool, steps ...traceStep) {
	t.Helper()
	tr := bt.NewBehaviorTree(root)
	tr.RestartWhenComplete = restart
	runTraceTree(t, tr, steps...)
}

// runTraceTree is runTrace on a tree set up by the caller.
func runTraceTree(t *testing.T, tr *bt.BehaviorTree, steps ...traceStep) {
	t.Helper()
	root := tr.Root()
	o := bt.NewTraceObserver(nil)
	tr.Observer = o
	for i, st := range steps {
		what := "tick"
		var got bt.Status
		if st.halt {
			what = "halt"
			tr.Halt()
		} else {
			got = tr.Tick(1)
		}
		lines := strings.Split(strings.TrimSuffix(bt.FormatChanges(o.Changes(root)), "\n"), "\n")
		if len(lines) == 1 && lines[0] == "" {
			lines = nil
		}
		if (!st.halt && got != st.want) || strings.Join(lines, "\n") != strings.Join(st.lines, "\n") {
			t.Fatalf("step %d (%s %d): status %v, trace:\n%s\nwant %v, trace:\n%s", i+1, what, tr.Ticks(), got,
				strings.Join(lines, "\n"), st.want, strings.Join(st.lines, "\n"))
		}
	}
}

func tick(want bt.Status, lines ...string) traceStep { return traceStep{want: want, lines: lines} }

func halt(lines ...string) traceStep { return traceStep{halt: true, lines: lines} }

// Every early end of a run gets a trace line with its cause; a completed
// run gets its status as before.
func TestTraceEarlyEnds(t *testing.T) {
	var log []string
	t.Run("self abort", func(t *testing.T) {
		seq := name("Seq", bt.NewSequence(newCond(&log, "IsVisible", true, false), newAct(&log, "Attack", R)))
		seq.Abort = bt.AbortSelf
		runTrace(t, seq, false,
			tick(R, "Seq: Inactive -> Running",
				"Seq/IsVisible[1]: Inactive -> Success",
				"Seq/Attack[2]: Inactive -> Running"),
			tick(F, "Seq: Running -> Failure",
				"Seq/IsVisible[1]: Success -> Failure",
				"Seq/Attack[2]: Running -> ended (aborted by Seq/IsVisible[1])"),
		)
	})
	t.Run("lower-priority abort ends the whole branch", func(t *testing.T) {
		guard := name("Guard", bt.NewSequence(newCond(&log, "Enemy", false, true), newAct(&log, "Shoot")))
		guard.Abort = bt.AbortLowerPriority
		patrol := name("Patrol", bt.NewSequence(newAct(&log, "Walk", R)))
		runTrace(t, name("Sel", bt.NewSelector(guard, patrol)), false,
			tick(R, "Sel: Inactive -> Running",
				"Sel/Guard[1]: Inactive -> Failure",
				"Sel/Guard[1]/Enemy[1]: Inactive -> Failure",
				"Sel/Patrol[2]: Inactive -> Running",
				"Sel/Patrol[2]/Walk[1]: Inactive -> Running"),
			tick(S, "Sel: Running -> Success",
				"Sel/Guard[1]: Failure -> Success",
				"Sel/Guard[1]/Enemy[1]: Failure -> Success",
				"Sel/Guard[1]/Shoot[2]: Inactive -> Success",
				"Sel/Patrol[2]: Running -> ended (aborted by Sel/Guard[1]/Enemy[1])",
				"Sel/Patrol[2]/Walk[1]: Running -> ended (aborted by Sel/Guard[1]/Enemy[1])"),
		)
	})
	t.Run("timeout, then a new run", func(t *testing.T) {
		to := name("TO", bt.NewTimeout(2, name("Work", bt.NewSequence(newAct(&log, "Dig", R)))))
		runTrace(t, to, true,
			tick(R, "TO: Inactive -> Running",
				"TO/Work[1]: Inactive -> Running",
				"TO/Work[1]/Dig[1]: Inactive -> Running"),
			tick(R),
			tick(F, "TO: Running -> Failure",
				"TO/Work[1]: Running -> ended (timed out by TO)",
				"TO/Work[1]/Dig[1]: Running -> ended (timed out by TO)"),
			tick(R, "TO: Failure -> Running",
				"TO/Work[1]: Inactive -> Running",
				"TO/Work[1]/Dig[1]: Inactive -> Running"),
		)
	})
	t.Run("interruption", func(t *testing.T) {
		in := name("Int", bt.NewInterrupt(newAct(&log, "Long", R)))
		later := name("Later", bt.NewSequence(newAct(&log, "Step", R, S), name("Stop", bt.NewPerformInterruption(bt.Success, in))))
		runTrace(t, name("Par", bt.NewParallel(in, later)), false,
			tick(R, "Par: Inactive -> Running",
				"Par/Int[1]: Inactive -> Running",
				"Par/Int[1]/Long[1]: Inactive -> Running",
				"Par/Later[2]: Inactive -> Running",
				"Par/Later[2]/Step[1]: Inactive -> Running"),
			tick(R, "Par/Later[2]: Running -> Success",
				"Par/Later[2]/Step[1]: Running -> Success",
				"Par/Later[2]/Stop[2]: Inactive -> Success"),
			tick(S, "Par: Running -> Success",
				"Par/Int[1]: Running -> Success",
				"Par/Int[1]/Long[1]: Running -> ended (interrupted by Par/Int[1])"),
		)
	})
	t.Run("a parent's failure", func(t *testing.T) {
		busy := name("Busy", bt.NewSequence(newAct(&log, "Walk", R)))
		runTrace(t, name("Par", bt.NewParallel(newAct(&log, "Fail", R, F), busy)), false,
			tick(R, "Par: Inactive -> Running",
				"Par/Fail[1]: Inactive -> Running",
				"Par/Busy[2]: Inactive -> Running",
				"Par/Busy[2]/Walk[1]: Inactive -> Running"),
			tick(F, "Par: Running -> Failure",
				"Par/Fail[1]: Running -> Failure",
				"Par/Busy[2]: Running -> ended (by parent Par)",
				"Par/Busy[2]/Walk[1]: Running -> ended (by parent Par)"),
		)
	})
	t.Run("halt, then a new run", func(t *testing.T) {
		runTrace(t, name("Seq", bt.NewSequence(newAct(&log, "A", R))), true,
			tick(R, "Seq: Inactive -> Running", "Seq/A[1]: Inactive -> Running"),
			tick(R),
			halt("Seq: Running -> ended (halted)", "Seq/A[1]: Running -> ended (halted)"),
			tick(R, "Seq: Inactive -> Running", "Seq/A[1]: Inactive -> Running"),
		)
	})
	t.Run("every completion, also without a status change", func(t *testing.T) {
		runTrace(t, name("Rep", bt.NewRepeatForever(newAct(&log, "A", S, S, R))), false,
			tick(R, "Rep: Inactive -> Running", "Rep/A[1]: Inactive -> Success"),
			tick(R, "Rep/A[1]: Success -> Success"),
			tick(R, "Rep/A[1]: Success -> Running"),
			tick(R),
		)
	})
	t.Run("every completion within one tick (Count)", func(t *testing.T) {
		tr := bt.NewBehaviorTree(name("Rep", bt.NewRepeater(3, newAct(&log, "A", S))))
		tr.ExecutionType = bt.Count
		runTraceTree(t, tr,
			tick(S, "Rep: Inactive -> Success",
				"Rep/A[1]: Inactive -> Success",
				"Rep/A[1]: Success -> Success",
				"Rep/A[1]: Success -> Success"),
		)
	})
}
