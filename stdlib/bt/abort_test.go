package bt_test

import (
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

func abortSeq(a bt.AbortType, n string, children ...bt.Task) *bt.Sequence {
	s := name(n, bt.NewSequence(children...))
	s.Abort = a
	return s
}

func abortSel(a bt.AbortType, n string, children ...bt.Task) *bt.Selector {
	s := name(n, bt.NewSelector(children...))
	s.Abort = a
	return s
}

func TestAbortSelfSequence(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(abortSeq(bt.AbortSelf, "Seq", newCond(l, "C", true, true, false), newAct(l, "A", R)))
	h.tick(R, "start Seq", "start C", "end C", "start A")
	// Re-evaluated, unchanged: no abort.
	h.tick(R, "start C", "end C")
	// Changed: re-evaluate, end the running branch, resume at C (whose
	// result is reused: no second run).
	h.tick(F, "start C", "end C", "end A", "end Seq")
}

func TestAbortSelfSelector(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(abortSel(bt.AbortSelf, "Sel", newCond(l, "C", false, false, true), newAct(l, "A", R)))
	h.tick(R, "start Sel", "start C", "end C", "start A")
	h.tick(R, "start C", "end C")
	h.tick(S, "start C", "end C", "end A", "end Sel")
}

func TestAbortNoneDoesNotReevaluate(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(abortSeq(bt.AbortNone, "Seq", newCond(l, "C", true, false), newAct(l, "A", R)))
	h.tick(R, "start Seq", "start C", "end C", "start A")
	h.tick(R)
}

func TestAbortLowerPriority(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewSelector(
		abortSeq(bt.AbortLowerPriority, "Guarded", newCond(l, "C", false, false, true), newAct(l, "A1", R)),
		newAct(l, "B", R),
	)))
	h.tick(R, "start Root", "start Guarded", "start C", "end C", "end Guarded", "start B")
	h.tick(R, "start C", "end C")
	// C changed: B is ended, Guarded restarts at C with C's new result.
	h.tick(R, "start C", "end C", "end B", "start Guarded", "start A1")
	// Guarded runs now: LowerPriority does not watch its own run.
	h.tick(R)
}

func TestAbortLowerPriorityFlipBack(t *testing.T) {
	// The watch resumes after the higher-priority branch fails again.
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewSelector(
		abortSeq(bt.AbortLowerPriority, "G", newCond(l, "C", false, true, true, false), newAct(l, "A", R, R, F, S)),
		newAct(l, "B", R),
	)))
	h.tick(R, "start Root", "start G", "start C", "end C", "end G", "start B")
	h.tick(R, "start C", "end C", "end B", "start G", "start A")
	h.tick(R, "end A", "end G", "start B")
	// C's last result (tick 2) was true; it becomes false at tick 4.
	h.tick(R, "start C", "end C", "end B", "start G", "end G", "start B")
}

func TestAbortLowerPriorityEndsWithParent(t *testing.T) {
	// The watch lasts only while the common parent runs.
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewSequence(
		name("P", bt.NewSelector(abortSeq(bt.AbortLowerPriority, "G", newCond(l, "C", false, true)), newAct(l, "B", S))),
		newAct(l, "D", R),
	)))
	h.tick(R, "start Root", "start P", "start G", "start C", "end C", "end G", "start B", "end B", "end P", "start D")
	h.tick(R)
}

func TestAbortLowerPriorityNested(t *testing.T) {
	// A LowerPriority composite inside a LowerPriority composite is
	// watched by the outer one's parent.
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewSelector(
		abortSel(bt.AbortLowerPriority, "Outer",
			abortSeq(bt.AbortLowerPriority, "Inner", newAct(l, "X"), newCond(l, "C", false, false, true), newAct(l, "A", R)),
			newCond(l, "D", false),
		),
		newAct(l, "B", R),
	)))
	h.tick(R, "start Root", "start Outer", "start Inner", "start X", "end X", "start C", "end C", "end Inner", "start D", "end D", "end Outer", "start B")
	// Guards are scanned depth-first in child order: C, then D.
	h.tick(R, "start C", "end C", "start D", "end D")
	// C is Inner's child 1: Inner resumes at C, not at X; D is not
	// evaluated after the first change.
	h.tick(R, "start C", "end C", "end B", "start Outer", "start Inner", "start A")
}

func TestAbortLowerPriorityNotPropagatedThroughNone(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewSelector(
		name("Plain", bt.NewSequence(abortSeq(bt.AbortLowerPriority, "G", newCond(l, "C", false, true)))),
		newAct(l, "B", R),
	)))
	h.tick(R, "start Root", "start Plain", "start G", "start C", "end C", "end G", "end Plain", "start B")
	h.tick(R)
}

func TestAbortLowerPriorityThroughDecorator(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewSelector(
		name("RF", bt.NewReturnFailure(abortSeq(bt.AbortLowerPriority, "G", newCond(l, "C", false, false, true), newAct(l, "A", R)))),
		newAct(l, "B", R),
	)))
	h.tick(R, "start Root", "start RF", "start G", "start C", "end C", "end G", "end RF", "start B")
	h.tick(R, "start C", "end C")
	h.tick(R, "start C", "end C", "end B", "start RF", "start G", "start A")
}

func TestAbortSelfNestedGuard(t *testing.T) {
	// The leftmost conditional of the running child is watched.
	h := newHarness(t)
	l := &h.log
	h.root(abortSeq(bt.AbortSelf, "Outer",
		name("Inner", bt.NewSequence(newCond(l, "C", true, true, false), newAct(l, "A", R))),
		newAct(l, "B"),
	))
	h.tick(R, "start Outer", "start Inner", "start C", "end C", "start A")
	h.tick(R, "start C", "end C")
	h.tick(F, "start C", "end C", "end A", "end Inner", "start Inner", "end Inner", "end Outer")
}

func TestAbortSelfBranchEndedDeepestFirst(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(abortSeq(bt.AbortSelf, "Seq",
		newCond(l, "C", true, false),
		name("P", bt.NewParallel(name("S1", bt.NewSequence(newAct(l, "A", R))), newAct(l, "B", R))),
	))
	h.tick(R, "start Seq", "start C", "end C", "start P", "start S1", "start A", "start B")
	h.tick(F, "start C", "end C", "end A", "end S1", "end B", "end P", "end Seq")
}

func TestAbortGuardEvaluatedOncePerTick(t *testing.T) {
	// Outer (Self) watches C as the nested guard of its running child and
	// Inner (Self) watches it as its own child: C runs once per tick.
	h := newHarness(t)
	l := &h.log
	h.root(abortSeq(bt.AbortSelf, "Outer",
		abortSeq(bt.AbortSelf, "Inner", newCond(l, "C", true), newAct(l, "A", R)),
	))
	h.tick(R, "start Outer", "start Inner", "start C", "end C", "start A")
	h.tick(R, "start C", "end C")
	h.tick(R, "start C", "end C")
}

func TestAbortBoth(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewSelector(
		abortSeq(bt.AbortBoth, "G", newCond(l, "C", false, true, true, false), newAct(l, "A", R)),
		newAct(l, "B", R),
	)))
	h.tick(R, "start Root", "start G", "start C", "end C", "end G", "start B")
	h.tick(R, "start C", "end C", "end B", "start G", "start A") // lower priority
	h.tick(R, "start C", "end C")
	h.tick(R, "start C", "end C", "end A", "end G", "start B") // self
}

func TestAbortSelfParallel(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	p := name("Par", bt.NewParallel(newCond(l, "C", true, true, false), newAct(l, "A", R)))
	p.Abort = bt.AbortSelf
	h.root(p)
	h.tick(R, "start Par", "start C", "end C", "start A")
	h.tick(R, "start C", "end C")
	h.tick(F, "start C", "end C", "end A", "end Par")
}

func TestAbortRandomSelectorResumesAtChild(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	rs := name("RS", bt.NewRandomSelector(bt.NewRand(7), newCond(l, "C", false, false, true), newAct(l, "A", R)))
	rs.Weights = []int{5, 0} // C first, then A
	rs.Abort = bt.AbortSelf
	h.root(rs)
	h.tick(R, "start RS", "start C", "end C", "start A")
	h.tick(R, "start C", "end C")
	h.tick(S, "start C", "end C", "end A", "end RS")
}

func TestAbortNeedsHandler(t *testing.T) {
	// A composite type without OnConditionalAbort never watches.
	var log []string
	c := &plainComposite{}
	c.Init(c, "Plain")
	c.Abort = bt.AbortSelf
	_ = c.AddChild(newCond(&log, "C", true, false))
	_ = c.AddChild(newAct(&log, "A", R))
	tr := bt.NewBehaviorTree(c)
	tr.Tick(1)
	tr.Tick(1)
	if want := 3; len(log) != want {
		t.Fatalf("log %v", log)
	}
}

// plainComposite runs its children as a Sequence would but has no
// OnConditionalAbort.
type plainComposite struct {
	bt.Composite
	i int
}

func (p *plainComposite) OnUpdate() bt.Status {
	for p.i < len(p.Children()) {
		switch bt.Tick(p.Children()[p.i]) {
		case bt.Running:
			return bt.Running
		case bt.Failure:
			p.i = 0
			return bt.Failure
		}
		p.i++
	}
	p.i = 0
	return bt.Success
}

// Every built-in composite takes part in conditional aborts.
var (
	_ bt.ConditionalAbortHandler = (*bt.Sequence)(nil)
	_ bt.ConditionalAbortHandler = (*bt.Selector)(nil)
	_ bt.ConditionalAbortHandler = (*bt.Parallel)(nil)
	_ bt.ConditionalAbortHandler = (*bt.ParallelSelector)(nil)
	_ bt.ConditionalAbortHandler = (*bt.ParallelComplete)(nil)
	_ bt.ConditionalAbortHandler = (*bt.RandomSequence)(nil)
	_ bt.ConditionalAbortHandler = (*bt.RandomSelector)(nil)
	_ bt.ConditionalAbortHandler = (*bt.PrioritySelector)(nil)
	_ bt.ConditionalAbortHandler = (*bt.UtilitySelector)(nil)
)

// The guards watched are those of branches that ran before the running
// child: an abort that resumes at an earlier branch drops the runs of the
// branches after it, so their guards are not re-evaluated until the
// composite reaches them again (Behavior Designer removes their
// re-evaluation entries when the abort fires).

func TestAbortLowerPriorityNotRightOfRunningChild(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewSelector(
		abortSeq(bt.AbortLowerPriority, "G1", newCond(l, "C1", false, false, true), newAct(l, "A1", R)),
		abortSeq(bt.AbortLowerPriority, "G2", newCond(l, "C2", false, false, true), newAct(l, "A2", R)),
		newAct(l, "Patrol", R),
	)))
	h.tick(R, "start Root", "start G1", "start C1", "end C1", "end G1", "start G2", "start C2", "end C2", "end G2", "start Patrol")
	h.tick(R, "start C1", "end C1", "start C2", "end C2")
	// Both guards turn true; C1 comes first and wins; C2 is not evaluated.
	h.tick(R, "start C1", "end C1", "end Patrol", "start G1", "start A1")
	// G2 is now to the right of the running G1: C2 is not watched.
	h.tick(R)
	h.tick(R)
}

func TestAbortLowerPriorityRightGuardFlipsLater(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewSelector(
		abortSeq(bt.AbortLowerPriority, "G1", newCond(l, "C1", false, false, true), newAct(l, "A1", R)),
		abortSeq(bt.AbortLowerPriority, "G2", newCond(l, "C2", false, false, false, true), newAct(l, "A2", R)),
		newAct(l, "Patrol", R),
	)))
	h.tick(R, "start Root", "start G1", "start C1", "end C1", "end G1", "start G2", "start C2", "end C2", "end G2", "start Patrol")
	h.tick(R, "start C1", "end C1", "start C2", "end C2")
	h.tick(R, "start C1", "end C1", "end Patrol", "start G1", "start A1")
	h.tick(R) // C2 turns true now, unseen
	h.tick(R)
}

func TestAbortLowerPriorityLeftGuardStillWatched(t *testing.T) {
	// The right branch's guard fires first; the left one, before the new
	// running branch, is still watched and fires later.
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewSelector(
		abortSeq(bt.AbortLowerPriority, "G1", newCond(l, "C1", false, false, false, true), newAct(l, "A1", R)),
		abortSeq(bt.AbortLowerPriority, "G2", newCond(l, "C2", false, false, true), newAct(l, "A2", R)),
		newAct(l, "Patrol", R),
	)))
	h.tick(R, "start Root", "start G1", "start C1", "end C1", "end G1", "start G2", "start C2", "end C2", "end G2", "start Patrol")
	h.tick(R, "start C1", "end C1", "start C2", "end C2")
	h.tick(R, "start C1", "end C1", "start C2", "end C2", "end Patrol", "start G2", "start A2")
	h.tick(R, "start C1", "end C1", "end A2", "end G2", "start G1", "start A1")
	h.tick(R)
}

func TestAbortLowerPriorityThreeBranches(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewSelector(
		abortSeq(bt.AbortLowerPriority, "G1", newCond(l, "C1", false, false, false, false, true), newAct(l, "A1", R)),
		abortSeq(bt.AbortLowerPriority, "G2", newCond(l, "C2", false, false, true), newAct(l, "A2", R)),
		abortSeq(bt.AbortLowerPriority, "G3", newCond(l, "C3", false, false, false, true), newAct(l, "A3", R)),
		newAct(l, "Patrol", R),
	)))
	h.tick(R, "start Root", "start G1", "start C1", "end C1", "end G1", "start G2", "start C2", "end C2", "end G2",
		"start G3", "start C3", "end C3", "end G3", "start Patrol")
	h.tick(R, "start C1", "end C1", "start C2", "end C2", "start C3", "end C3")
	h.tick(R, "start C1", "end C1", "start C2", "end C2", "end Patrol", "start G2", "start A2")
	// C3 turns true, but G3 is to the right of the running G2.
	h.tick(R, "start C1", "end C1")
	h.tick(R, "start C1", "end C1", "end A2", "end G2", "start G1", "start A1")
	h.tick(R)
}

func TestAbortSelfNotRightOfRunningChild(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(abortSel(bt.AbortSelf, "Sel",
		name("B1", bt.NewSequence(newCond(l, "C1", false, false, true), newAct(l, "A1", R))),
		name("B2", bt.NewSequence(newCond(l, "C2", false, false, true), newAct(l, "A2", R))),
		newAct(l, "Patrol", R),
	))
	h.tick(R, "start Sel", "start B1", "start C1", "end C1", "end B1", "start B2", "start C2", "end C2", "end B2", "start Patrol")
	h.tick(R, "start C1", "end C1", "start C2", "end C2")
	h.tick(R, "start C1", "end C1", "end Patrol", "start B1", "start A1")
	// Only the running branch's guard is watched now.
	h.tick(R, "start C1", "end C1")
	h.tick(R, "start C1", "end C1")
}

func TestAbortSelfSequenceNotRightOfRunningChild(t *testing.T) {
	// The abort resumes Seq at Gate, which now runs X: C2, evaluated
	// before the abort, is to the right of the running child.
	h := newHarness(t)
	l := &h.log
	h.root(abortSeq(bt.AbortSelf, "Seq",
		name("Gate", bt.NewSelector(newCond(l, "C1", true, false), newAct(l, "X", R))),
		newCond(l, "C2", true, true, false),
		newAct(l, "A", R),
	))
	h.tick(R, "start Seq", "start Gate", "start C1", "end C1", "end Gate", "start C2", "end C2", "start A")
	h.tick(R, "start C1", "end C1", "end A", "start Gate", "start X")
	h.tick(R, "start C1", "end C1")
}

func TestAbortBothNotRightOfRunningChild(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewSelector(
		abortSeq(bt.AbortBoth, "G1", newCond(l, "C1", false, false, true), newAct(l, "A1", R)),
		abortSeq(bt.AbortBoth, "G2", newCond(l, "C2", false, false, true), newAct(l, "A2", R)),
		newAct(l, "Patrol", R),
	)))
	h.tick(R, "start Root", "start G1", "start C1", "end C1", "end G1", "start G2", "start C2", "end C2", "end G2", "start Patrol")
	h.tick(R, "start C1", "end C1", "start C2", "end C2")
	h.tick(R, "start C1", "end C1", "end Patrol", "start G1", "start A1")
	// G1 watches its own C1 (Self); Root does not watch G2.
	h.tick(R, "start C1", "end C1")
	h.tick(R, "start C1", "end C1")
}

func TestAbortLowerPriorityEndedCompositeForgetsAbortedRun(t *testing.T) {
	// G's Self abort resumes at C1 and G fails there: C2, evaluated
	// before that abort, is not one of the guards Root watches.
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewSelector(
		abortSeq(bt.AbortBoth, "G", newCond(l, "C1", true, false), newCond(l, "C2", true, true, false), newAct(l, "A", R)),
		newAct(l, "B", R),
	)))
	h.tick(R, "start Root", "start G", "start C1", "end C1", "start C2", "end C2", "start A")
	h.tick(R, "start C1", "end C1", "end A", "end G", "start B")
	h.tick(R, "start C1", "end C1")
	h.tick(R, "start C1", "end C1")
}

func TestAbortSelfRandomOrderWatchesEarlierInRunOrder(t *testing.T) {
	// Weights {0, 0, 5} run the children in the order G2, G0, G1. "Before
	// the running child" is in that order: after C2 aborts back to G2,
	// G0 and G1 ran after it and are not watched.
	h := newHarness(t)
	l := &h.log
	rs := name("RS", bt.NewRandomSelector(bt.NewRand(1),
		name("G0", bt.NewSequence(newCond(l, "C0", false, false, false, true), newAct(l, "A0", R))),
		name("G1", bt.NewSequence(newCond(l, "C1", true), newAct(l, "A1", R))),
		name("G2", bt.NewSequence(newCond(l, "C2", false, false, true), newAct(l, "A2", R))),
	))
	rs.Weights = []int{0, 0, 5}
	rs.Abort = bt.AbortSelf
	h.root(rs)
	h.tick(R, "start RS", "start G2", "start C2", "end C2", "end G2", "start G0", "start C0", "end C0", "end G0",
		"start G1", "start C1", "end C1", "start A1")
	h.tick(R, "start C0", "end C0", "start C1", "end C1", "start C2", "end C2")
	h.tick(R, "start C0", "end C0", "start C1", "end C1", "start C2", "end C2", "end A1", "end G1", "start G2", "start A2")
	h.tick(R, "start C2", "end C2")
	h.tick(R, "start C2", "end C2")
}

// A Parallel runs its children side by side: none is of lower priority
// than another, so it does not re-evaluate the LowerPriority guards of its
// children (Behavior Designer drops them when the child ends, as each
// child of a Parallel runs on its own task stack).

func TestAbortLowerPriorityUnderParallelNotWatched(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewParallelSelector(
		abortSeq(bt.AbortLowerPriority, "G", newCond(l, "C", false, false, true), newAct(l, "A", R)),
		newAct(l, "B", R),
	)))
	h.tick(R, "start Root", "start G", "start C", "end C", "end G", "start B")
	h.tick(R)
	h.tick(R)
}

func TestAbortLowerPriorityUnderParallelThroughDecorator(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Root", bt.NewParallel(
		name("RS", bt.NewReturnSuccess(abortSeq(bt.AbortLowerPriority, "G", newCond(l, "C", false, false, true), newAct(l, "A", R)))),
		newAct(l, "B", R),
	)))
	h.tick(R, "start Root", "start RS", "start G", "start C", "end C", "end G", "end RS", "start B")
	h.tick(R)
	h.tick(R)
}

func TestAbortLowerPriorityNestedNotThroughParallel(t *testing.T) {
	// Outer is a LowerPriority Parallel: Root watches Outer's own guards
	// (C) but not those of the LowerPriority composite Inner inside it.
	h := newHarness(t)
	l := &h.log
	outer := name("Outer", bt.NewParallel(
		newCond(l, "C", true, true, true, false),
		abortSeq(bt.AbortLowerPriority, "Inner", newAct(l, "X"), newCond(l, "D", false, false, true)),
	))
	outer.Abort = bt.AbortLowerPriority
	h.root(name("Root", bt.NewSelector(outer, newAct(l, "B", R))))
	h.tick(R, "start Root", "start Outer", "start C", "end C", "start Inner", "start X", "end X", "start D", "end D", "end Inner", "end Outer", "start B")
	h.tick(R, "start C", "end C")
	h.tick(R, "start C", "end C") // D turned true: unseen
	// C changed: Outer restarts every child and fails at C at once.
	h.tick(R, "start C", "end C", "end B", "start Outer", "end Outer", "start B")
}

func TestAbortSelfParallelWatchesEveryChild(t *testing.T) {
	// Self on a Parallel watches the guards of all its children, whatever
	// their place: they all belong to the running branch.
	h := newHarness(t)
	l := &h.log
	p := name("Par", bt.NewParallel(newAct(l, "A", R), newCond(l, "C", true, true, false), newAct(l, "B", R)))
	p.Abort = bt.AbortSelf
	h.root(p)
	h.tick(R, "start Par", "start A", "start C", "end C", "start B")
	h.tick(R, "start C", "end C")
	h.tick(F, "start C", "end C", "end A", "end B", "start A", "end A", "end Par")
}
