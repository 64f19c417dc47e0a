package btai

import "testing"

const (
	F = Failure
	S = Success
	C = Continue
	A = Abort
)

func TestSequenceOneChildPerTick(t *testing.T) {
	rec := &recorder{}
	seq := NewSequence().OpenBranch(rec.leaf("a", S), rec.leaf("b", C, S), rec.leaf("c", S))
	expect(t, seq, rec,
		step{C, "a:Success"},
		step{C, "b:Continue"},
		step{C, "b:Success"},
		step{S, "c:Success"}, // past the last child: back to 0, Success
		step{C, "a:Success"}, // the next run starts at the first child
	)
	if seq.ActiveChild() != 1 {
		t.Fatalf("active child %d, want 1", seq.ActiveChild())
	}
}

func TestSequenceFailureAndAbortRestart(t *testing.T) {
	rec := &recorder{}
	seq := NewSequence().OpenBranch(rec.leaf("a", S), rec.leaf("b", F, A, S))
	expect(t, seq, rec,
		step{C, "a:Success"},
		step{F, "b:Failure"},
		step{C, "a:Success"},
		step{A, "b:Abort"},
		step{C, "a:Success"},
		step{S, "b:Success"},
	)
	if seq.String() != "Sequence : 0/2" {
		t.Fatalf("String %q", seq.String())
	}
}

func TestSelector(t *testing.T) {
	rec := &recorder{}
	sel := NewSelector(false, nil).OpenBranch(rec.leaf("a", F), rec.leaf("b", C, F, S, A), rec.leaf("c", F))
	expect(t, sel, rec,
		step{C, "a:Failure"},
		step{C, "b:Continue"},
		step{C, "b:Failure"},
		step{F, "c:Failure"}, // every child failed: back to 0, Failure
		step{C, "a:Failure"},
		step{S, "b:Success"}, // success: back to 0
		step{C, "a:Failure"},
		step{A, "b:Abort"},
		step{C, "a:Failure"},
	)
	if sel.ActiveChild() != 1 {
		t.Fatalf("active child %d", sel.ActiveChild())
	}
}

func TestSelectorShufflesAtEachRunStart(t *testing.T) {
	rec := &recorder{}
	r := &seqRandom{t: t}
	a, b, c := rec.leaf("a", F), rec.leaf("b", C, F), rec.leaf("c", S)
	sel := NewSelector(true, r).OpenBranch(a, b, c)
	// Run 1: n=2 swaps 2<->0 (c b a), n=1 swaps 1<->1: order c, b, a.
	r.draws = []int{0, 1}
	expect(t, sel, rec, step{S, "c:Success"})
	// Run 2: from c b a, n=2 k=2 (keep), n=1 k=0 (b c a).
	r.draws = []int{2, 0}
	expect(t, sel, rec,
		step{C, "b:Continue"}, // mid-run: no shuffle on the next ticks
		step{C, "b:Failure"},
		step{S, "c:Success"},
	)
	if len(r.draws) != 0 || len(r.ns) != 4 || r.ns[0] != 3 || r.ns[1] != 2 {
		t.Fatalf("draws left %v, ns %v", r.draws, r.ns)
	}
	// A reset starts a new run: it shuffles again.
	r.draws = []int{1, 1} // b c a -> b a c
	expect(t, sel, rec, step{C, "b:Failure"})
	sel.ResetChildren()
	r.draws = []int{0, 0} // b a c -> c a b -> a c b
	expect(t, sel, rec, step{C, "a:Failure"})
	if got := sel.Children(); got[0] != Node(a) || got[1] != Node(c) || got[2] != Node(b) {
		t.Fatalf("order after shuffles: %v", got)
	}
}

func TestShuffleNeverDrawsWithoutShuffle(t *testing.T) {
	rec := &recorder{}
	sel := NewSelector(false, &seqRandom{t: t}).OpenBranch(rec.leaf("a", S))
	expect(t, sel, rec, step{S, "a:Success"}, step{S, "a:Success"})
}

func TestBlockIgnoresResults(t *testing.T) {
	rec := &recorder{}
	b := NewBlock().OpenBranch(rec.leaf("a", F), rec.leaf("b", C, A), rec.leaf("c", S))
	expect(t, b, rec,
		step{C, "a:Failure"},
		step{C, "b:Continue"},
		step{C, "b:Abort"},
		step{S, "c:Success"},
		step{C, "a:Failure"},
	)
}

func TestRootLoopsWithinOneTick(t *testing.T) {
	rec := &recorder{}
	root := NewRoot().OpenBranch(rec.leaf("a", F, S), rec.leaf("b", S, C, S), rec.leaf("c", S))
	expect(t, root, rec,
		step{S, "a:Failure b:Success c:Success"}, // a whole pass in one tick
		step{C, "a:Success b:Continue"},
		step{S, "b:Success c:Success"},
		step{S, "a:Success b:Success c:Success"},
	)
}

func TestRootAbortTerminates(t *testing.T) {
	rec := &recorder{}
	root := NewRoot().OpenBranch(rec.leaf("a", S), NewSequence().OpenBranch(rec.leaf("b", C, S), NewTerminate()))
	expect(t, root, rec,
		step{C, "a:Success b:Continue"},
		step{C, "b:Success"}, // the sequence moves to Terminate next tick
		step{A, ""},          // Terminate: Abort up through the sequence
		step{A, ""},          // terminated: nothing is ticked any more
	)
	if !root.Terminated() {
		t.Fatal("not terminated")
	}
}

func TestTerminateUnderIfDoesNotAbort(t *testing.T) {
	// BTAI's Blocks treat Abort like Success: If(...) over Terminate ends
	// with Success and the root goes on.
	rec := &recorder{}
	root := NewRoot().OpenBranch(NewConditionalBranch(func() bool { return true }).OpenBranch(NewTerminate()), rec.leaf("a", S))
	expect(t, root, rec, step{S, "a:Success"}, step{S, "a:Success"})
	if root.Terminated() {
		t.Fatal("terminated")
	}
}

func TestEmptyBranches(t *testing.T) {
	for _, c := range []struct {
		n    Node
		want BTState
	}{
		{NewSequence(), S}, {NewSelector(true, nil), F}, {NewBlock(), S}, {NewRoot(), S},
		{NewRepeat(2), C}, {NewRandomSequence(nil, nil), S},
		{NewWhile(func() bool { return true }), C}, {NewConditionalBranch(func() bool { return true }), S},
	} {
		if got := c.n.Tick(); got != c.want {
			t.Errorf("%T: %v, want %v", c.n, got, c.want)
		}
	}
}

func TestRepeat(t *testing.T) {
	rec := &recorder{}
	r := NewRepeat(2).OpenBranch(rec.leaf("a", S), rec.leaf("b", C, F))
	expect(t, r, rec,
		step{C, "a:Success"},
		step{C, "b:Continue"},
		step{C, "b:Failure"}, // pass 1 done
		step{C, "a:Success"},
		step{S, "b:Failure"}, // pass 2 done: Success, count back to 0
		step{C, "a:Success"},
	)
	if r.Current() != 0 || r.String() != "Repeat Until : 0 / 2" {
		t.Fatalf("current %d %q", r.Current(), r.String())
	}
	zero := NewRepeat(0).OpenBranch(rec.leaf("x", S))
	expect(t, zero, rec, step{S, ""}, step{S, ""})
}

// BTAI's Repeat keeps BTAI's own rule (it has no execution types): a pass
// advances one child per tick, so Repeat(3) over one instant child takes
// three ticks, failures counting as passes; under a Root, which loops over
// its children within a tick, the Repeat's Continue still ends the tick.
func TestRepeatOnePassStepPerTick(t *testing.T) {
	rec := &recorder{}
	r := NewRepeat(3).OpenBranch(rec.leaf("a", S))
	expect(t, r, rec,
		step{C, "a:Success"},
		step{C, "a:Success"},
		step{S, "a:Success"},
		step{C, "a:Success"},
	)
	root := NewRoot().OpenBranch(NewRepeat(3).OpenBranch(rec.leaf("b", F)), rec.leaf("c", S))
	expect(t, root, rec,
		step{C, "b:Failure"},
		step{C, "b:Failure"},
		step{S, "b:Failure c:Success"},
	)
}

func TestRandomSequencePicks(t *testing.T) {
	rec := &recorder{}
	r := &seqRandom{t: t}
	// weights 2, 1 and a missing weight (1): total 4, added 2 3 4.
	rs := NewRandomSequence([]int{2, 1}, r).OpenBranch(rec.leaf("a", S), rec.leaf("b", C, F), rec.leaf("c", S))
	if rs.ActiveChild() != -1 {
		t.Fatalf("active child before the first tick: %d", rs.ActiveChild())
	}
	r.draws = []int{2, 1} // 2 -> b (first added > 2 is 3); then 1 -> a
	expect(t, rs, rec, step{C, "b:Continue"})
	expect(t, rs, rec, step{F, "b:Failure"}) // result passed up, new pick
	if rs.ActiveChild() != 0 {
		t.Fatalf("picked %d, want 0", rs.ActiveChild())
	}
	r.draws = []int{3}
	expect(t, rs, rec, step{S, "a:Success"})
	if rs.ActiveChild() != 2 || r.ns[0] != 4 {
		t.Fatalf("picked %d (draws in %v)", rs.ActiveChild(), r.ns)
	}
	// ResetChildren sets the active child to 0, as in BTAI.
	rs.ResetChildren()
	r.draws = []int{0}
	expect(t, rs, rec, step{S, "a:Success"})
}

func TestRandomSequenceOffByOneFixed(t *testing.T) {
	// Two children of weight 1: draw 1 picks the second child (BTAI's
	// choice-added[i] <= 0 would pick the first for both draws).
	rec := &recorder{}
	r := &seqRandom{t: t, draws: []int{1, 0, 0}}
	rs := NewRandomSequence(nil, r).OpenBranch(rec.leaf("a", S), rec.leaf("b", S))
	expect(t, rs, rec, step{S, "b:Success"}, step{S, "a:Success"})
	// Weight 0 is never picked; an all-zero total picks the first child.
	r.draws = []int{0, 0}
	rs0 := NewRandomSequence([]int{0, 3}, r).OpenBranch(rec.leaf("z", S), rec.leaf("y", S))
	expect(t, rs0, rec, step{S, "y:Success"})
	none := NewRandomSequence([]int{0, 0}, &seqRandom{t: t}).OpenBranch(rec.leaf("p", S), rec.leaf("q", S))
	expect(t, none, rec, step{S, "p:Success"}, step{S, "p:Success"})
}

func TestRandomSequenceWeightsAcrossOpenBranchCalls(t *testing.T) {
	rec := &recorder{}
	r := &seqRandom{t: t, draws: []int{4, 0}}
	rs := NewRandomSequence([]int{1, 1, 3}, r)
	rs.OpenBranch(rec.leaf("a", S))
	rs.OpenBranch(rec.leaf("b", S), rec.leaf("c", S))
	expect(t, rs, rec, step{S, "c:Success"})
	if r.ns[0] != 5 {
		t.Fatalf("total %d, want 5", r.ns[0])
	}
}

func TestWhile(t *testing.T) {
	rec := &recorder{}
	on := true
	calls := 0
	w := NewWhile(func() bool { calls++; return on }).OpenBranch(rec.leaf("a", S), rec.leaf("b", F, C))
	expect(t, w, rec,
		step{C, "a:Success"},
		step{C, "b:Failure"}, // end of the block: still Continue
		step{C, "a:Success"},
		step{C, "b:Continue"},
	)
	on = false
	expect(t, w, rec, step{F, ""})
	if w.ActiveChild() != 0 || calls != 5 {
		t.Fatalf("active %d, calls %d", w.ActiveChild(), calls)
	}
	on = true
	expect(t, w, rec, step{C, "a:Success"})
}

func TestWhileResetClosesCoroutine(t *testing.T) {
	rec := &recorder{}
	on := true
	newCo, made := rec.coroutines(C, C, C)
	seq := NewSequence().OpenBranch(NewRunCoroutine(newCo))
	w := NewWhile(func() bool { return on }).OpenBranch(seq)
	expect(t, w, rec, step{C, "co1:Continue"}, step{C, "co1:Continue"})
	on = false
	expect(t, w, rec, step{F, "co1:closed"})
	on = true
	expect(t, w, rec, step{C, "co2:Continue"})
	if len(*made) != 2 || !(*made)[0].closed {
		t.Fatalf("coroutines: %d", len(*made))
	}
}

func TestConditionalBranchTestsOncePerRun(t *testing.T) {
	rec := &recorder{}
	answers := []bool{false, true, true}
	calls := 0
	cb := NewConditionalBranch(func() bool { v := answers[calls]; calls++; return v }).
		OpenBranch(rec.leaf("a", C, S), rec.leaf("b", F))
	expect(t, cb, rec,
		step{F, ""}, // false: Failure without ticking
		step{C, "a:Continue"},
		step{C, "a:Success"}, // not tested again mid-run
		step{S, "b:Failure"}, // the block ends with Success
	)
	if calls != 2 || cb.Tested() {
		t.Fatalf("calls %d tested %v", calls, cb.Tested())
	}
	expect(t, cb, rec, step{C, "a:Success"})
	if calls != 3 {
		t.Fatalf("calls %d", calls)
	}
}

func TestContainsAndNilChild(t *testing.T) {
	a := NewCall(func() {})
	inner := NewSequence().OpenBranch(a)
	outer := NewRoot().OpenBranch(inner)
	if !Contains(outer, a) || !Contains(outer, outer) || Contains(inner, outer) {
		t.Fatal("Contains")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("no panic for a nil child")
		}
	}()
	NewSequence().OpenBranch(a, nil)
}
