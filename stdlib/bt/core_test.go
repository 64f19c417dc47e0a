package bt_test

import (
	"errors"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

func TestSequenceResumesRunningChild(t *testing.T) {
	h := newHarness(t)
	var l = &h.log
	h.root(name("Seq", bt.NewSequence(newAct(l, "A", R, R, S), newAct(l, "B"))))
	h.tick(R, "start Seq", "start A")
	h.tick(R) // A resumed: no second OnStart
	h.tick(S, "end A", "start B", "end B", "end Seq")
}

func TestSequenceRestartsAfterFailureAndSuccess(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Seq", bt.NewSequence(newAct(l, "A", S, S, S), newAct(l, "B", R, F, S))))
	h.tick(R, "start Seq", "start A", "end A", "start B")
	h.tick(F, "end B", "end Seq")
	// The next run starts over from A.
	h.tick(S, "start Seq", "start A", "end A", "start B", "end B", "end Seq")
	h.tick(S, "start Seq", "start A", "end A", "start B", "end B", "end Seq")
}

func TestSelectorResumesAndRestarts(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Sel", bt.NewSelector(newAct(l, "A", F), newAct(l, "B", R, S, F))))
	h.tick(R, "start Sel", "start A", "end A", "start B")
	h.tick(S, "end B", "end Sel")
	h.tick(F, "start Sel", "start A", "end A", "start B", "end B", "end Sel")
}

func TestEmptyComposites(t *testing.T) {
	for _, c := range []bt.Task{
		bt.NewSequence(), bt.NewSelector(), bt.NewParallel(), bt.NewParallelSelector(),
		bt.NewParallelComplete(), bt.NewRandomSequence(bt.NewRand(1)), bt.NewRandomSelector(bt.NewRand(1)),
		bt.NewPrioritySelector(), bt.NewUtilitySelector(),
	} {
		tr := bt.NewBehaviorTree(c)
		if got := tr.Tick(1); got != bt.Failure {
			t.Errorf("empty %s: got %v, want Failure", bt.Kind(c), got)
		}
		if c.Base().Started() {
			t.Errorf("empty %s still started", bt.Kind(c))
		}
	}
}

func TestParallelEndsRunningChildrenOnFailure(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Par", bt.NewParallel(newAct(l, "A", R), newAct(l, "B", R, R, F), newAct(l, "C", S), newAct(l, "D", R))))
	h.tick(R, "start Par", "start A", "start B", "start C", "end C", "start D")
	// C finished: it is not ticked again.
	h.tick(R)
	h.tick(F, "end B", "end A", "end D", "end Par")
}

func TestParallelSucceedsWhenAllSucceed(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Par", bt.NewParallel(newAct(l, "A", R, S), newAct(l, "B", S))))
	h.tick(R, "start Par", "start A", "start B", "end B")
	h.tick(S, "end A", "end Par")
}

// countObserver counts starts and ends per task.
type countObserver struct {
	starts, ends map[bt.Task]int
	running      map[bt.Task]bool
	t            *testing.T
}

func (o *countObserver) TaskStarted(t bt.Task) {
	if o.running[t] {
		o.t.Errorf("%s started twice", bt.Path(t))
	}
	o.running[t] = true
	o.starts[t]++
}

func (o *countObserver) TaskEnded(t bt.Task, _ bt.Status, _ bt.EndCause) {
	if !o.running[t] {
		o.t.Errorf("%s ended without running", bt.Path(t))
	}
	o.running[t] = false
	o.ends[t]++
}

func TestOnEndOncePerStart(t *testing.T) {
	var log []string
	l := &log
	root := bt.NewSelector(
		bt.NewParallel(newAct(l, "A", R, R, R, F), bt.NewSequence(newAct(l, "B", R, S), newAct(l, "C", R))),
		bt.NewParallelSelector(newAct(l, "D", F), newAct(l, "E", R, R, R, R, R, S)),
	)
	tr := bt.NewBehaviorTree(root)
	tr.RestartWhenComplete = true
	o := &countObserver{starts: map[bt.Task]int{}, ends: map[bt.Task]int{}, running: map[bt.Task]bool{}, t: t}
	tr.Observer = o
	for range 10 {
		tr.Tick(1)
	}
	tr.Halt()
	for task, n := range o.starts {
		if o.ends[task] != n {
			t.Errorf("%s: %d starts, %d ends", bt.Path(task), n, o.ends[task])
		}
	}
	// The leaves' own hooks agree.
	starts, ends := map[string]int{}, map[string]int{}
	for _, e := range log {
		if len(e) > 6 && e[:6] == "start " {
			starts[e[6:]]++
		} else {
			ends[e[4:]]++
		}
	}
	for k, n := range starts {
		if ends[k] != n {
			t.Errorf("leaf %s: %d OnStart, %d OnEnd", k, n, ends[k])
		}
	}
}

func TestAddChildErrors(t *testing.T) {
	a := bt.NewSequence()
	b := bt.NewSequence()
	c := bt.NewSelector()
	if err := a.AddChild(nil); !errors.Is(err, bt.ErrNilTask) {
		t.Errorf("nil: %v", err)
	}
	if err := a.AddChild(a); !errors.Is(err, bt.ErrCycle) {
		t.Errorf("self: %v", err)
	}
	if err := a.AddChild(b); err != nil {
		t.Fatal(err)
	}
	if err := b.AddChild(c); err != nil {
		t.Fatal(err)
	}
	if err := c.AddChild(a); !errors.Is(err, bt.ErrCycle) {
		t.Errorf("ancestor: %v", err)
	}
	if err := c.AddChild(b); !errors.Is(err, bt.ErrCycle) {
		t.Errorf("parent: %v", err)
	}
	if err := a.AddChild(c); !errors.Is(err, bt.ErrHasParent) {
		t.Errorf("already parented: %v", err)
	}
	inv := bt.NewInverter(bt.NewIdle())
	if err := inv.AddChild(bt.NewIdle()); !errors.Is(err, bt.ErrTooManyChildren) {
		t.Errorf("second decorator child: %v", err)
	}
	if len(inv.Children()) != 1 {
		t.Errorf("decorator has %d children", len(inv.Children()))
	}
	if b.Parent() != bt.Task(a) || c.Index() != 0 || c.Layer() != 2 {
		t.Errorf("links: parent %v index %d layer %d", b.Parent(), c.Index(), c.Layer())
	}
}

func TestRestartWhenComplete(t *testing.T) {
	var log []string
	l := &log
	tr := bt.NewBehaviorTree(newAct(l, "A", R, S, F))
	if got := tr.Tick(1); got != R {
		t.Fatalf("tick 1: %v", got)
	}
	if got := tr.Tick(1); got != S || !tr.Complete() {
		t.Fatalf("tick 2: %v complete=%v", got, tr.Complete())
	}
	// Without RestartWhenComplete the root is not ticked again.
	for range 3 {
		if got := tr.Tick(1); got != S {
			t.Fatalf("after completion: %v", got)
		}
	}
	if tr.Ticks() != 2 || len(log) != 2 {
		t.Fatalf("ticks %d log %v", tr.Ticks(), log)
	}
	tr.RestartWhenComplete = true
	if got := tr.Tick(1); got != F {
		t.Fatalf("restart: %v", got)
	}
	if want := []string{"start A", "end A", "start A", "end A"}; len(log) != 4 || log[2] != want[2] {
		t.Fatalf("log %v", log)
	}
	if tr.Time() != 3 || tr.DeltaTime() != 1 {
		t.Fatalf("time %v dt %v", tr.Time(), tr.DeltaTime())
	}
}

func TestHalt(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Seq", bt.NewSequence(name("Inner", bt.NewSequence(newAct(l, "A", R))), newAct(l, "B"))))
	h.tick(R, "start Seq", "start Inner", "start A")
	h.log = h.log[:0]
	h.tree.Halt()
	want := []string{"end A", "end Inner", "end Seq"}
	if len(h.log) != 3 || h.log[0] != want[0] || h.log[1] != want[1] || h.log[2] != want[2] {
		t.Fatalf("halt log %v", h.log)
	}
	h.tree.RestartWhenComplete = false
	if !h.tree.Complete() {
		t.Fatal("halted tree not complete")
	}
	if h.tree.Root().Base().Started() {
		t.Fatal("root still started")
	}
}

func TestStatusErrorPanics(t *testing.T) {
	bad := bt.NewFuncAction(func() bt.Status { return bt.Inactive })
	defer func() {
		if _, ok := recover().(*bt.StatusError); !ok {
			t.Fatal("want *StatusError panic")
		}
	}()
	bt.NewBehaviorTree(bad).Tick(1)
}

func TestResetRestoresInactive(t *testing.T) {
	var log []string
	seq := bt.NewSequence(newAct(&log, "A", R))
	tr := bt.NewBehaviorTree(seq)
	tr.Tick(1)
	bt.Reset(seq)
	if seq.Status() != bt.Inactive || seq.Children()[0].Base().Status() != bt.Inactive || seq.Started() {
		t.Fatal("reset did not restore Inactive")
	}
	if log[len(log)-1] != "end A" {
		t.Fatalf("log %v", log)
	}
}
