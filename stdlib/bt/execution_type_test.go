package bt_test

import (
	"fmt"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// callAct is a scripted action whose k-th OnUpdate call returns
// script[k-1] (the last entry after the script): it can change its result
// within one tick. It logs "start NAME" and "end NAME".
type callAct struct {
	bt.Action
	log    *[]string
	script []bt.Status
	calls  int
}

func newCallAct(log *[]string, name string, script ...bt.Status) *callAct {
	a := &callAct{log: log, script: script}
	a.Init(a, name)
	return a
}

func (a *callAct) OnStart() { *a.log = append(*a.log, "start "+a.Name) }
func (a *callAct) OnEnd()   { *a.log = append(*a.log, "end "+a.Name) }
func (a *callAct) OnUpdate() bt.Status {
	a.calls++
	return a.script[min(a.calls, len(a.script))-1]
}

// runs repeats the log of one run of an instant leaf n times.
func runs(name string, n int) []string {
	var out []string
	for range n {
		out = append(out, "start "+name, "end "+name)
	}
	return out
}

func join(parts ...[]string) []string {
	var out []string
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func counting(h *harness, max int) *harness {
	h.tree.ExecutionType = bt.Count
	h.tree.MaxTaskExecutions = max
	return h
}

func TestCountUntilSuccess(t *testing.T) {
	h := newHarness(t)
	us := name("US", bt.NewUntilSuccess(newAct(&h.log, "A", F)))
	us.MaxAttempts = 3
	counting(h.root(us), 0)
	h.tick(F, join([]string{"start US"}, runs("A", 3), []string{"end US"})...)
	// The default stays one attempt per tick.
	h = newHarness(t)
	us = name("US", bt.NewUntilSuccess(newAct(&h.log, "A", F)))
	us.MaxAttempts = 3
	h.root(us)
	h.tick(R, "start US", "start A", "end A")
	h.tick(R, "start A", "end A")
	h.tick(F, "start A", "end A", "end US")
}

func TestCountRepeater(t *testing.T) {
	h := newHarness(t)
	counting(h.root(name("Rep", bt.NewRepeater(3, newAct(&h.log, "A", S)))), 0)
	h.tick(S, join([]string{"start Rep"}, runs("A", 3), []string{"end Rep"})...)
	h.tick(S, join([]string{"start Rep"}, runs("A", 3), []string{"end Rep"})...)
}

func TestCountUntilFailure(t *testing.T) {
	h := newHarness(t)
	counting(h.root(name("UF", bt.NewUntilFailure(newCallAct(&h.log, "A", S, S, F, S, F)))), 0)
	h.tick(F, join([]string{"start UF"}, runs("A", 3), []string{"end UF"})...)
	h.tick(F, join([]string{"start UF"}, runs("A", 2), []string{"end UF"})...)
}

// A child that returns Running stops the loop: the next run continues it
// on the next tick.
func TestCountRunningChild(t *testing.T) {
	h := newHarness(t)
	counting(h.root(name("Rep", bt.NewRepeater(3, newCallAct(&h.log, "A", S, R, S, S)))), 0)
	h.tick(R, "start Rep", "start A", "end A", "start A")
	h.tick(S, "end A", "start A", "end A", "end Rep")
}

// A forever Repeater over an instant child does not hang: it stops at the
// cap and goes on at the next tick. Every Tick of a task counts, the
// Repeater's own included: with a cap of 5 the child runs 4 times a tick.
func TestCountCap(t *testing.T) {
	h := newHarness(t)
	counting(h.root(name("Rep", bt.NewRepeatForever(newAct(&h.log, "A", S)))), 5)
	h.tick(R, join([]string{"start Rep"}, runs("A", 4))...)
	h.tick(R, runs("A", 4)...)
	if n := h.tree.Executions(); n != 5 {
		t.Fatalf("%d executions, want 5", n)
	}
	// MaxTaskExecutions <= 0 is the default, 100.
	h = newHarness(t)
	counting(h.root(name("Rep", bt.NewRepeatForever(newAct(&h.log, "A", S)))), 0)
	h.tick(R, join([]string{"start Rep"}, runs("A", bt.DefaultMaxTaskExecutions-1))...)
	// A child run is never cut short by the cap: the check comes before
	// each new run (4 executions < 5 after the first run; the second run
	// takes the count to 7).
	h = newHarness(t)
	counting(h.root(name("Rep", bt.NewRepeatForever(name("Seq", bt.NewSequence(newAct(&h.log, "A", S), newAct(&h.log, "B", S)))))), 5)
	h.tick(R, "start Rep", "start Seq", "start A", "end A", "start B", "end B", "end Seq",
		"start Seq", "start A", "end A", "start B", "end B", "end Seq")
	if n := h.tree.Executions(); n != 7 {
		t.Fatalf("%d executions, want 7", n)
	}
}

// At 10 Hz, Repeater(3)[Sequence[Wait(0.3), Fire]] fires every 0.3 s of
// tree time under Count (ticks 4, 7, 10), a tick late each period under
// NoDuplicates (ticks 4, 8, 12): a restarted Wait measures from the tree
// time of its start.
func TestCountTimerDoesNotDrift(t *testing.T) {
	for _, c := range []struct {
		et    bt.ExecutionType
		fires []int
	}{
		{bt.NoDuplicates, []int{4, 8, 12}},
		{bt.Count, []int{4, 7, 10}},
	} {
		t.Run(c.et.String(), func(t *testing.T) {
			var log []string
			var fired []string
			fire := bt.NewFuncAction(func() bt.Status { return S })
			fire.Name = "Fire"
			root := name("Rep", bt.NewRepeater(3, name("Seq", bt.NewSequence(name("Wait", bt.NewWait(0.3)), fire))))
			tr := bt.NewBehaviorTree(root)
			tr.ExecutionType = c.et
			tr.Observer = firedLog{&log}
			var got []int
			for range 12 {
				log = log[:0]
				s := tr.Tick(0.1)
				for _, e := range log {
					if e == "end Fire" {
						got = append(got, int(tr.Ticks()))
						fired = append(fired, fmt.Sprintf("%.1f", tr.Time()))
					}
				}
				if last := c.fires[2]; int(tr.Ticks()) == last && s != S || int(tr.Ticks()) < last && s != R {
					t.Fatalf("tick %d: %v", tr.Ticks(), s)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(c.fires) {
				t.Fatalf("Fire on ticks %v (times %v), want %v", got, fired, c.fires)
			}
		})
	}
}

// firedLog logs "start NAME" and "end NAME" for every task.
type firedLog struct{ log *[]string }

func (o firedLog) TaskStarted(t bt.Task) { *o.log = append(*o.log, "start "+t.Base().Name) }
func (o firedLog) TaskEnded(t bt.Task, _ bt.Status, _ bt.EndCause) {
	*o.log = append(*o.log, "end "+t.Base().Name)
}

func TestExecutionTypeString(t *testing.T) {
	if bt.NoDuplicates.String() != "NoDuplicates" || bt.Count.String() != "Count" || bt.ExecutionType(7).String() != "ExecutionType(7)" {
		t.Fatal(bt.NoDuplicates.String(), bt.Count.String(), bt.ExecutionType(7).String())
	}
}
