package bt_test

import (
	"reflect"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

func TestParallelSelector(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("PS", bt.NewParallelSelector(newAct(l, "A", F), newAct(l, "B", R, S), newAct(l, "C", R), newAct(l, "D", R))))
	h.tick(R, "start PS", "start A", "end A", "start B", "start C", "start D")
	// B succeeds: C and D are not ticked and are ended; A is not re-ticked.
	h.tick(S, "end B", "end C", "end D", "end PS")
}

func TestParallelSelectorAllFail(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("PS", bt.NewParallelSelector(newAct(l, "A", F), newAct(l, "B", R, F))))
	h.tick(R, "start PS", "start A", "end A", "start B")
	h.tick(F, "end B", "end PS")
}

func TestParallelComplete(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("PC", bt.NewParallelComplete(newAct(l, "A", R, R, S), newAct(l, "B", R, F), newAct(l, "C", R))))
	h.tick(R, "start PC", "start A", "start B", "start C")
	h.tick(F, "end B", "end A", "end C", "end PC")
	// A finishes first in tick order: B and C are not ticked.
	h.tick(S, "start PC", "start A", "end A", "end PC")
}

func TestRandomSelectorReproducible(t *testing.T) {
	run := func(seed uint64) []string {
		var log []string
		children := []bt.Task{}
		for _, n := range []string{"A", "B", "C", "D", "E"} {
			children = append(children, newAct(&log, n, F))
		}
		rs := bt.NewRandomSelector(bt.NewRand(seed), children...)
		tr := bt.NewBehaviorTree(rs)
		tr.RestartWhenComplete = true
		for range 3 {
			tr.Tick(1)
		}
		return log
	}
	a, b := run(42), run(42)
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("same seed, different runs:\n%v\n%v", a, b)
	}
	if len(a) != 30 {
		t.Fatalf("log %v", a)
	}
	if reflect.DeepEqual(a[:10], a[10:20]) && reflect.DeepEqual(a[10:20], a[20:]) {
		t.Fatalf("three identical orders in a row: %v", a)
	}
}

func TestRandomSequenceWeights(t *testing.T) {
	var log []string
	rs := bt.NewRandomSequence(bt.NewRand(3), newAct(&log, "A"), newAct(&log, "B"), newAct(&log, "C"))
	rs.Weights = []int{0, 1000000, 0}
	tr := bt.NewBehaviorTree(rs)
	if tr.Tick(1) != S {
		t.Fatal("not success")
	}
	if !reflect.DeepEqual(rs.Order(), []int{1, 0, 2}) {
		t.Fatalf("order %v", rs.Order())
	}
	// Weight 0 children run last, in child order.
	want := []string{"start B", "end B", "start A", "end A", "start C", "end C"}
	if !reflect.DeepEqual(log, want) {
		t.Fatalf("log %v", log)
	}
}

func TestRandomOrderIsPermutationAndVaries(t *testing.T) {
	var log []string
	var kids []bt.Task
	for range 6 {
		kids = append(kids, newAct(&log, "x", F))
	}
	rs := bt.NewRandomSelector(bt.NewRand(9), kids...)
	tr := bt.NewBehaviorTree(rs)
	tr.RestartWhenComplete = true
	firsts := map[int]bool{}
	for range 40 {
		tr.Tick(1)
		seen := map[int]bool{}
		for _, i := range rs.Order() {
			seen[i] = true
		}
		if len(seen) != 6 {
			t.Fatalf("not a permutation: %v", rs.Order())
		}
		firsts[rs.Order()[0]] = true
	}
	if len(firsts) < 4 {
		t.Fatalf("first child hardly varies: %v", firsts)
	}
}

// prioAct is an action with a priority and a utility.
type prioAct struct {
	act
	prio, util float64
}

func newPrio(log *[]string, n string, prio float64, script ...bt.Status) *prioAct {
	p := &prioAct{prio: prio}
	p.log, p.script = log, script
	p.Init(p, n)
	return p
}

func (p *prioAct) Priority() float64 { return p.prio }
func (p *prioAct) Utility() float64  { return p.util }

func TestPrioritySelector(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	a := newPrio(l, "A", 1, F)
	b := newPrio(l, "B", 5, F)
	c := newPrio(l, "C", 1, R)
	h.root(name("PS", bt.NewPrioritySelector(a, b, newAct(l, "D", S), c)))
	// B (5) first, then A and C (1, child order), then D (0).
	h.tick(R, "start PS", "start B", "end B", "start A", "end A", "start C")
	// Priorities changed mid-run are read at the next run only.
	a.prio = 10
	h.tick(R)
	c.script = []bt.Status{S}
	h.tick(S, "end C", "end PS")
	h.tick(S, "start PS", "start A", "end A", "start B", "end B", "start C", "end C", "end PS")
}

func TestUtilitySelectorSwitches(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	a := newPrio(l, "A", 0, R)
	b := newPrio(l, "B", 0, R)
	a.util, b.util = 2, 1
	us := name("US", bt.NewUtilitySelector(a, b))
	h.root(us)
	h.tick(R, "start US", "start A")
	h.tick(R)
	b.util = 3 // re-evaluated each tick: switching ends the old child
	h.tick(R, "end A", "start B")
	if us.CurrentChildIndex() != 1 {
		t.Fatalf("current %d", us.CurrentChildIndex())
	}
	b.script = []bt.Status{F}
	// B fails: the next best (A) runs in the same tick.
	h.tick(R, "end B", "start A")
	b.util = 10 // B failed in this run: not picked again
	h.tick(R)
	a.script = []bt.Status{F}
	h.tick(F, "end A", "end US")
}

func TestUtilitySelectorSuccessAndTies(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("US", bt.NewUtilitySelector(newAct(l, "A", S), newAct(l, "B", S))))
	// No utilities: all 0, the leftmost wins.
	h.tick(S, "start US", "start A", "end A", "end US")
}

func TestOneChildComposites(t *testing.T) {
	for _, mk := range []func(bt.Task) bt.Task{
		func(c bt.Task) bt.Task { return bt.NewSequence(c) },
		func(c bt.Task) bt.Task { return bt.NewSelector(c) },
		func(c bt.Task) bt.Task { return bt.NewParallel(c) },
		func(c bt.Task) bt.Task { return bt.NewParallelSelector(c) },
		func(c bt.Task) bt.Task { return bt.NewParallelComplete(c) },
		func(c bt.Task) bt.Task { return bt.NewRandomSequence(bt.NewRand(1), c) },
		func(c bt.Task) bt.Task { return bt.NewRandomSelector(nil, c) },
		func(c bt.Task) bt.Task { return bt.NewPrioritySelector(c) },
		func(c bt.Task) bt.Task { return bt.NewUtilitySelector(c) },
	} {
		for _, st := range []bt.Status{S, F} {
			var log []string
			root := mk(newAct(&log, "A", R, st))
			tr := bt.NewBehaviorTree(root)
			if got := tr.Tick(1); got != R {
				t.Errorf("%s: tick 1 %v", bt.Kind(root), got)
			}
			if got := tr.Tick(1); got != st {
				t.Errorf("%s: tick 2 %v want %v", bt.Kind(root), got, st)
			}
			if !reflect.DeepEqual(log, []string{"start A", "end A"}) {
				t.Errorf("%s: log %v", bt.Kind(root), log)
			}
		}
	}
}
