package bt_test

import (
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

func TestInverter(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Inv", bt.NewInverter(newAct(l, "A", R, S, F))))
	h.tick(R, "start Inv", "start A")
	h.tick(F, "end A", "end Inv")
	h.tick(S, "start Inv", "start A", "end A", "end Inv")
}

func TestReturnSuccessFailure(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Seq", bt.NewSequence(
		name("RS", bt.NewReturnSuccess(newAct(l, "A", R, F))),
		name("RF", bt.NewReturnFailure(newAct(l, "B", S))),
	)))
	h.tick(R, "start Seq", "start RS", "start A")
	h.tick(F, "end A", "end RS", "start RF", "start B", "end B", "end RF", "end Seq")
}

func TestRepeaterOneCompletionPerTick(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	r := name("Rep", bt.NewRepeater(3, newAct(l, "A", S)))
	h.root(r)
	h.tick(R, "start Rep", "start A", "end A")
	h.tick(R, "start A", "end A")
	h.tick(S, "start A", "end A", "end Rep")
	if r.Completions() != 0 {
		t.Fatalf("counter not reset: %d", r.Completions())
	}
}

func TestRepeaterReturnsLastStatus(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Rep", bt.NewRepeater(2, newAct(l, "A", S, F))))
	h.tick(R, "start Rep", "start A", "end A")
	h.tick(F, "start A", "end A", "end Rep")
}

func TestRepeaterEndOnFailure(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	r := name("Rep", bt.NewRepeatForever(newAct(l, "A", S, R, S, F)))
	r.EndOnFailure = true
	h.root(r)
	h.tick(R, "start Rep", "start A", "end A")
	h.tick(R, "start A")
	h.tick(R, "end A")
	h.tick(F, "start A", "end A", "end Rep")
}

func TestRepeaterCountZero(t *testing.T) {
	var log []string
	tr := bt.NewBehaviorTree(bt.NewRepeater(0, newAct(&log, "A")))
	if got := tr.Tick(1); got != S || len(log) != 0 {
		t.Fatalf("got %v log %v", got, log)
	}
}

func TestRepeaterResetsAfterEarlyEnd(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("Rep", bt.NewRepeater(3, newAct(l, "A", S))))
	h.tick(R, "start Rep", "start A", "end A")
	h.tick(R, "start A", "end A")
	h.tree.Halt()
	h.tick(R, "start Rep", "start A", "end A")
	h.tick(R, "start A", "end A")
	h.tick(S, "start A", "end A", "end Rep")
}

func TestUntilSuccess(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("US", bt.NewUntilSuccess(newAct(l, "A", F, R, F, S))))
	h.tick(R, "start US", "start A", "end A")
	h.tick(R, "start A")
	h.tick(R, "end A")
	h.tick(S, "start A", "end A", "end US")
}

func TestUntilSuccessMaxAttemptsAndReset(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	u := name("US", bt.NewUntilSuccess(newAct(l, "A", F)))
	u.MaxAttempts = 3
	h.root(u)
	h.tick(R, "start US", "start A", "end A")
	h.tick(R, "start A", "end A")
	h.tree.Halt()
	if u.Failures() != 0 {
		t.Fatalf("failures not reset: %d", u.Failures())
	}
	h.tick(R, "start US", "start A", "end A")
	h.tick(R, "start A", "end A")
	h.tick(F, "start A", "end A", "end US")
}

func TestUntilFailure(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	u := name("UF", bt.NewUntilFailure(newAct(l, "A", S, S, F, S)))
	h.root(u)
	h.tick(R, "start UF", "start A", "end A")
	h.tick(R, "start A", "end A")
	h.tick(F, "start A", "end A", "end UF")
	u.MaxSuccesses = 2
	h.tick(R, "start UF", "start A", "end A")
	h.tick(S, "start A", "end A", "end UF")
}

func TestCooldown(t *testing.T) {
	h := newHarness(t)
	h.dt = 0.5
	l := &h.log
	c := name("CD", bt.NewCooldown(1, newAct(l, "A", S, S, S, S, F)))
	h.root(c)
	h.tick(R, "start CD", "start A", "end A") // t=0.5, child done
	if !c.Cooling() {
		t.Fatal("not cooling")
	}
	h.tick(R)           // t=1.0, 0.5 s elapsed
	h.tick(S, "end CD") // t=1.5, 1 s elapsed: the child's status
	h.tick(R, "start CD", "start A", "end A")
	h.tick(R)
	h.tick(S, "end CD")
}

func TestCooldownResetsAfterEarlyEnd(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	c := name("CD", bt.NewCooldown(5, newAct(l, "A", S)))
	h.root(c)
	h.tick(R, "start CD", "start A", "end A")
	h.tree.Halt()
	if c.Cooling() {
		t.Fatal("still cooling after early end")
	}
	// The next run starts the child again instead of waiting.
	h.tick(R, "start CD", "start A", "end A")
}

func TestTimeout(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("TO", bt.NewTimeout(2, newAct(l, "A", R))))
	h.tick(R, "start TO", "start A") // elapsed 0
	h.tick(R)                        // elapsed 1
	h.tick(F, "end A", "end TO")     // elapsed 2: child ended, not ticked
	h.tick(R, "start TO", "start A") // the timer restarts with the run
}

func TestTimeoutPassesChildResult(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("TO", bt.NewTimeout(2, newAct(l, "A", R, S))))
	h.tick(R, "start TO", "start A")
	h.tick(S, "end A", "end TO")
}

func TestTimeoutResetsAfterEarlyEnd(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("TO", bt.NewTimeout(2, newAct(l, "A", R))))
	h.tick(R, "start TO", "start A")
	h.tick(R)
	h.tree.Halt()
	h.tick(R, "start TO", "start A")
	h.tick(R)
	h.tick(F, "end A", "end TO")
}

func TestInterruptFromSibling(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	in := name("Int", bt.NewInterrupt(newAct(l, "A", R)))
	perform := name("Perf", bt.NewPerformInterruption(bt.Success, in))
	h.root(name("Par", bt.NewParallel(in, name("Later", bt.NewSequence(newAct(l, "W", R, S), perform)))))
	h.tick(R, "start Par", "start Int", "start A", "start Later", "start W")
	// Perf interrupts Int, which is ticked before it: Int acts next tick.
	h.tick(R, "end W", "end Later")
	if !in.Interrupted() {
		t.Fatal("not interrupted")
	}
	h.tick(S, "end A", "end Int", "end Par")
}

func TestInterruptFromInside(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	in := name("Int", bt.NewInterrupt(nil))
	inner := name("Inner", bt.NewSequence(newAct(l, "A", S, R)))
	perform := name("Perf", bt.NewPerformInterruption(bt.Failure, in))
	_ = inner.AddChild(name("Gate", bt.NewSequence(newAct(l, "G", R, S), perform)))
	_ = inner.AddChild(newAct(l, "B", R))
	_ = in.AddChild(inner)
	h.root(in)
	h.tick(R, "start Int", "start Inner", "start A", "end A", "start Gate", "start G")
	// Perf runs inside Int's child: Int ends the child in the same tick.
	h.tick(F, "end G", "end Gate", "start B", "end B", "end Inner", "end Int")
}

func TestInterruptIgnoredWhenNotRunning(t *testing.T) {
	in := bt.NewInterrupt(bt.NewIdle())
	in.DoInterrupt(bt.Success)
	if in.Interrupted() {
		t.Fatal("idle Interrupt took an interruption")
	}
}

func TestConditionalEvaluator(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	h.root(name("CE", bt.NewConditionalEvaluator(newCond(l, "C", true, true, false), newAct(l, "A", R))))
	h.tick(R, "start CE", "start C", "end C", "start A")
	h.tick(R, "start C", "end C")
	h.tick(F, "start C", "end C", "end A", "end CE")
}

func TestConditionalEvaluatorOnce(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	ce := name("CE", bt.NewConditionalEvaluator(newCond(l, "C", true, false), newAct(l, "A", R, S)))
	ce.Reevaluate = false
	h.root(ce)
	h.tick(R, "start CE", "start C", "end C", "start A")
	h.tick(S, "end A", "end CE")
	h.tick(F, "start CE", "start C", "end C", "end CE")
}
