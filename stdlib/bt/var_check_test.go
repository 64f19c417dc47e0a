package bt_test

import (
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

func mustTest(t *testing.T, name, op string, operand any, negate bool) *bt.VarTest {
	t.Helper()
	o := bt.OpTruthy
	if op != "" {
		var err error
		if o, err = bt.ParseCompareOp(op); err != nil {
			t.Fatal(err)
		}
	}
	vt, err := bt.NewVarTest(name, o, operand, negate)
	if err != nil {
		t.Fatal(err)
	}
	return vt
}

// Every operator, on numbers, bools and strings, plain and negated, as a
// conditional task.
func TestVarCompareOperators(t *testing.T) {
	cases := []struct {
		op      string
		operand any
		value   any
		want    bool
	}{
		{"<", 30, 29.0, true}, {"<", 30, 30.0, false},
		{"<=", 30, 30.0, true}, {"<=", 30, 31.0, false},
		{">", 30, 31.0, true}, {">", 30, 30.0, false},
		{">=", 30, 30.0, true}, {">=", 30, 29.0, false},
		{"==", 30, 30.0, true}, {"==", 30, 31.0, false},
		{"~=", 30, 31.0, true}, {"~=", 30, 30.0, false},
		{"!=", 30, 30.0, false},
		{"==", 3, 3, true}, // a Go int set with Set
		{"==", true, true, true}, {"==", true, false, false},
		{"~=", false, true, true},
		{"==", "orc", "orc", true}, {"==", "orc", "elf", false}, {"~=", "orc", "elf", true},
		{"", nil, true, true}, {"", nil, false, false}, {"", nil, 0.0, true}, {"", nil, "x", true},
	}
	for _, c := range cases {
		for _, negate := range []bool{false, true} {
			vt := mustTest(t, "v", c.op, c.operand, negate)
			task := bt.NewVarCompare(vt)
			tr := bt.NewBehaviorTree(task)
			tr.RestartWhenComplete = true
			tr.Blackboard.Set("v", c.value)
			want := bt.Failure
			if c.want != negate {
				want = bt.Success
			}
			for i := 0; i < 2; i++ { // the second read goes through the resolved slot
				if got := tr.Tick(1); got != want {
					t.Errorf("%s (v = %#v): got %v, want %v", vt, c.value, got, want)
				}
			}
		}
	}
}

func TestVarTestBadInput(t *testing.T) {
	if _, err := bt.ParseCompareOp("=<"); err == nil || !strings.Contains(err.Error(), `"=<"`) {
		t.Fatalf("err %v", err)
	}
	if _, err := bt.NewVarTest("hp", bt.OpLess, "thirty", false); err == nil || err.Error() != `hp <: want a number to compare with, got a string ("thirty")` {
		t.Fatalf("err %v", err)
	}
	if _, err := bt.NewVarTest("hp", bt.OpEqual, nil, false); err == nil {
		t.Fatal("missing operand accepted")
	}
	if _, err := bt.NewVarTest("", bt.OpTruthy, nil, false); err == nil {
		t.Fatal("empty name accepted")
	}
}

// varPanic ticks tr and returns the panic value's message.
func varPanic(t *testing.T, tr *bt.BehaviorTree) string {
	t.Helper()
	var msg string
	func() {
		defer func() {
			r := recover()
			e, ok := r.(*bt.VariableError)
			if !ok {
				t.Fatalf("panic %#v, want a *bt.VariableError", r)
			}
			msg = e.Error()
		}()
		tr.Tick(1)
	}()
	return msg
}

func TestVarTestErrors(t *testing.T) {
	// A precondition on a variable that is not set.
	seq := name("Attack", bt.NewSequence(bt.NewIdle()))
	seq.AddVarCondition(mustTest(t, "health", "<", 30, false))
	tr := bt.NewBehaviorTree(name("Root", bt.NewSelector(seq)))
	tr.RestartWhenComplete = true
	want := `bt: Root/Attack[1]: health < 30: variable "health" is not set (set it before the tree runs: SetVariable, SetGlobalVariable or Blackboard.Set)`
	if got := varPanic(t, tr); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	// The wrong type.
	tr.Halt()
	tr.Blackboard.Set("health", "full")
	want = `bt: Root/Attack[1]: health < 30: variable "health" is a string ("full"), want a number`
	if got := varPanic(t, tr); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	// Equality with a bool on a number; a negated truth test.
	c := name("IsAlert", bt.NewVarCompare(mustTest(t, "alert", "==", true, false)))
	tr = bt.NewBehaviorTree(c)
	tr.Blackboard.Set("alert", 1.0)
	want = `bt: IsAlert: alert == true: variable "alert" is a number (1), want a boolean`
	if got := varPanic(t, tr); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	c = name("NoTarget", bt.NewVarCompare(mustTest(t, "target", "", nil, true)))
	tr = bt.NewBehaviorTree(c)
	want = `bt: NoTarget: not (target): variable "target" is not set (set it before the tree runs: SetVariable, SetGlobalVariable or Blackboard.Set)`
	if got := varPanic(t, tr); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

// A declarative precondition behaves as AddCondition: checked before the
// start and at every tick of the run.
func TestVarConditionPrecondition(t *testing.T) {
	h := newHarness(t)
	l := &h.log
	attack := name("Attack", bt.NewSequence(newAct(l, "Hit", R)))
	attack.AddVarCondition(mustTest(t, "visible", "", nil, false))
	attack.AddVarCondition(mustTest(t, "health", ">=", 500, false))
	patrol := name("Patrol", bt.NewSequence(newAct(l, "Walk", R)))
	h.root(name("Root", bt.NewSelector(attack, patrol)))
	bb := h.tree.Blackboard
	bb.Set("visible", false)
	bb.Set("health", 900.0)
	h.tick(R, "start Root", "start Patrol", "start Walk")
	bb.Set("visible", true) // Patrol keeps running: no abort
	h.tick(R)
	h.tree.Halt()
	h.log = h.log[:0]
	h.tick(R, "start Root", "start Attack", "start Hit")
	bb.SetNumber(bb.Slot("health"), 400)
	h.tick(R, "end Hit", "end Attack", "start Patrol", "start Walk")
}

func TestVarActions(t *testing.T) {
	set := name("Alert", bt.NewSetVariable("alert", true))
	inc := name("Count", bt.NewIncrement("count", 2))
	tr := bt.NewBehaviorTree(bt.NewSequence(set, inc))
	tr.RestartWhenComplete = true
	tr.Blackboard.Set("count", 1.0)
	for i := 0; i < 3; i++ {
		if got := tr.Tick(1); got != bt.Success {
			t.Fatalf("tick %d: %v", i, got)
		}
	}
	if v, _ := tr.Blackboard.Get("alert"); v != true {
		t.Fatalf("alert = %#v", v)
	}
	if v, _ := tr.Blackboard.Get("count"); v != 7.0 {
		t.Fatalf("count = %#v", v)
	}
	tr.Blackboard.Set("count", "many")
	want := `bt: Sequence/Count[2]: increment by 2: variable "count" is a string ("many"), want a number`
	if got := varPanic(t, tr); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	tr.Blackboard.Set("count", nil)
	tr.Halt()
	want = `bt: Sequence/Count[2]: increment by 2: variable "count" is not set (give it a starting number)`
	if got := varPanic(t, tr); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

// Declarative and Go preconditions mixed on one composite, beyond one
// chunk of declarative ones, are all checked, in the order added: the
// composite reads its declarative chunk directly only when it holds every
// condition.
func TestVarConditionsMixed(t *testing.T) {
	for _, c := range []struct {
		name string
		add  func(s *bt.Sequence, goCond bt.Condition)
		// checks is how many times the Go condition has been checked after
		// the tick where the variable is false.
		checks int
	}{
		{"var, go", func(s *bt.Sequence, g bt.Condition) {
			s.AddVarCondition(mustTest(t, "a", "", nil, false))
			s.AddCondition(g)
		}, 2},
		{"go, var", func(s *bt.Sequence, g bt.Condition) {
			s.AddCondition(g)
			s.AddVarCondition(mustTest(t, "a", "", nil, false))
		}, 3},
		{"var, var, var, go", func(s *bt.Sequence, g bt.Condition) {
			for range 3 {
				s.AddVarCondition(mustTest(t, "a", "", nil, false))
			}
			s.AddCondition(g)
		}, 2},
		{"var, var, go, var", func(s *bt.Sequence, g bt.Condition) {
			s.AddVarCondition(mustTest(t, "a", "", nil, false))
			s.AddVarCondition(mustTest(t, "a", "", nil, false))
			s.AddCondition(g)
			s.AddVarCondition(mustTest(t, "a", "", nil, false))
		}, 2},
	} {
		goHolds, checks := true, 0
		seq := bt.NewSequence(bt.NewIdle())
		c.add(seq, bt.Precondition(func() bool { checks++; return goHolds }))
		tr := bt.NewBehaviorTree(seq)
		tr.Blackboard.Set("a", true)
		if got := tr.Tick(1); got != R || checks != 1 {
			t.Errorf("%s: first tick %v, Go condition checked %d times, want Running, 1", c.name, got, checks)
		}
		goHolds = false
		if got := tr.Tick(1); got != F || checks != 2 {
			t.Errorf("%s: Go condition false: %v, checked %d times, want Failure, 2", c.name, got, checks)
		}
		goHolds = true
		tr.RestartWhenComplete = true
		tr.Blackboard.Set("a", false)
		if got := tr.Tick(1); got != F || checks != c.checks {
			t.Errorf("%s: variable false: %v, Go condition checked %d times, want Failure, %d", c.name, got, checks, c.checks)
		}
	}
}
