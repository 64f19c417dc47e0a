package bt_test

import (
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

func TestPreconditionBeforeStart(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	hasTarget := false
	attack := name("Attack", bt.NewSequence(newAct(l, "Hit", R)))
	attack.AddCondition(bt.Precondition(func() bool { return hasTarget }))
	patrol := name("Patrol", bt.NewSequence(newAct(l, "Walk", S)))
	patrol.AddCondition(bt.PreconditionNot(func() bool { return hasTarget }))
	h.root(name("Root", bt.NewSelector(attack, patrol)))
	// Attack's condition fails: it does not start at all.
	h.tick(S, "start Root", "start Patrol", "start Walk", "end Walk", "end Patrol", "end Root")
	if attack.Status() != bt.Failure {
		t.Fatalf("Attack status %v", attack.Status())
	}
	hasTarget = true
	h.tick(R, "start Root", "start Attack", "start Hit")
	// Checked again every tick of the run: the running child is ended.
	hasTarget = false
	h.tick(S, "end Hit", "end Attack", "start Patrol", "start Walk", "end Walk", "end Patrol", "end Root")
}

func TestPreconditionsAllMustHold(t *testing.T) {
	a, b := true, true
	s := bt.NewSequence(bt.NewIdle())
	s.AddCondition(bt.Precondition(func() bool { return a }))
	s.AddCondition(bt.Precondition(func() bool { return b }))
	s.AddCondition(nil) // ignored
	tr := bt.NewBehaviorTree(s)
	if got := tr.Tick(1); got != R {
		t.Fatalf("got %v", got)
	}
	b = false
	if got := tr.Tick(1); got != F || s.Started() {
		t.Fatalf("got %v started %v", got, s.Started())
	}
	if len(s.Conditions()) != 2 {
		t.Fatalf("%d conditions", len(s.Conditions()))
	}
}

func TestPreconditionValues(t *testing.T) {
	yes := bt.Precondition(func() bool { return true })
	for _, c := range []struct {
		c    bt.Condition
		want bool
	}{
		{yes, true},
		{bt.Precondition(nil), false},
		{bt.PreconditionNot(yes), false},
		{bt.PreconditionNot(func() bool { return false }), true},
		{bt.PreconditionNot(nil), false},
		{bt.PreconditionNot(bt.Precondition(nil)), false},
		{bt.PreconditionNot(bt.PreconditionNot(yes)), true},
		{bt.NewCondition(func() bool { return true }), true},
	} {
		if got := c.c.Check(); got != c.want {
			t.Errorf("%T: got %v want %v", c.c, got, c.want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Fatal("PreconditionNot(42) did not panic")
		}
	}()
	bt.PreconditionNot(42)
}
