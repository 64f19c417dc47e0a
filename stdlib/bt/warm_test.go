package bt_test

import (
	"reflect"
	"testing"
	"unsafe"

	"github.com/btlua/btlua/stdlib/bt"
)

// warmTree builds a selector of two guarded sequences ("hp" < 50 runs
// flee, else fight) over a blackboard with hp set, and a log of the
// actions' starts and ends.
func warmTree(t *testing.T, log *[]string) *bt.BehaviorTree {
	t.Helper()
	low, err := bt.NewVarTest("hp", bt.OpLess, 50, false)
	if err != nil {
		t.Fatal(err)
	}
	high, err := bt.NewVarTest("hp", bt.OpLess, 50, true)
	if err != nil {
		t.Fatal(err)
	}
	flee := bt.NewSequence(newAct(log, "flee", R))
	flee.AddVarCondition(low)
	fight := bt.NewSequence(newAct(log, "fight", R))
	fight.AddVarCondition(high)
	tr := bt.NewBehaviorTree(bt.NewSelector(flee, fight))
	tr.RestartWhenComplete = true
	tr.Blackboard.Set("hp", 80.0)
	return tr
}

// Warm changes nothing: the same tree ticked with and without a Warm
// before each tick gives the same statuses and the same lifecycle log,
// through a change of the guarded branch.
func TestWarmChangesNothing(t *testing.T) {
	var logA, logB []string
	a, b := warmTree(t, &logA), warmTree(t, &logB)
	var got, want []bt.Status
	for i, hp := range []float64{80, 80, 30, 30, 90} {
		a.Blackboard.Set("hp", hp)
		b.Blackboard.Set("hp", hp)
		b.Warm()
		want = append(want, a.Tick(0.1))
		got = append(got, b.Tick(0.1))
		if !reflect.DeepEqual(logB, logA) {
			t.Fatalf("tick %d: log %v with Warm, %v without", i+1, logB, logA)
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("statuses %v with Warm, %v without", got, want)
	}
	if want := []string{"start fight", "end fight", "start flee", "end flee", "start fight"}; !reflect.DeepEqual(logA, want) {
		t.Errorf("log %v, want %v", logA, want)
	}
}

// The warm set covers the tree's tasks and is gathered again after a
// structure change (AddChild) and after SetRoot; Warm allocates nothing
// once gathered.
func TestWarmSet(t *testing.T) {
	var log []string
	tr := warmTree(t, &log)
	n := tr.WarmLines()
	if n < 10 {
		t.Fatalf("WarmLines = %d for a tree of 5 tasks, want at least 10 (two a task)", n)
	}
	if allocs := testing.AllocsPerRun(100, func() { tr.Warm() }); allocs != 0 {
		t.Errorf("Warm allocates %v times a call, want 0", allocs)
	}
	sel := tr.Root().(*bt.Selector)
	if err := sel.AddChild(newAct(&log, "idle", R)); err != nil {
		t.Fatal(err)
	}
	if m := tr.WarmLines(); m != n+2 {
		t.Errorf("WarmLines = %d after AddChild of a leaf, want %d (its two lines more)", m, n+2)
	}
	leaf := newAct(&log, "alone", R)
	tr.SetRoot(leaf)
	if m := tr.WarmLines(); m >= n {
		t.Errorf("WarmLines = %d after SetRoot(a leaf), want fewer than %d", m, n)
	}
}

// The warm set follows the tree's blackboard: variables added after it
// was gathered (the slots' array grown and moved) are warmed from then
// on, without a structure change, and the old array is let go.
func TestWarmFollowsBlackboard(t *testing.T) {
	var log []string
	tr := warmTree(t, &log)
	before := tr.WarmLines()
	for i := range 30 {
		tr.Blackboard.Set("v"+string(rune('a'+i)), float64(i))
	}
	if after := tr.WarmLines(); after <= before {
		t.Errorf("warm lines %d after 30 more variables, %d before: want more (the grown slots)", after, before)
	}
}

// warmCond is a condition whose memory is the separate lines it names.
type warmCond struct{ lines *[4][64]byte }

func (warmCond) Check() bool { return true }
func (c warmCond) AppendWarm(dst []unsafe.Pointer) []unsafe.Pointer {
	for i := range c.lines {
		dst = append(dst, unsafe.Pointer(&c.lines[i]))
	}
	return dst
}

// warmLeaf is a leaf that names one more line.
type warmLeaf struct {
	act
	line *[64]byte
}

func (l *warmLeaf) AppendWarm(dst []unsafe.Pointer) []unsafe.Pointer {
	return append(dst, unsafe.Pointer(l.line))
}

// The warm set asks a composite's conditions (bt.Warmer) for their memory,
// and a leaf for its own: the lines they name are counted once each.
func TestWarmAsksWarmers(t *testing.T) {
	var log []string
	plain := bt.NewSequence(newAct(&log, "a", R))
	base := bt.NewBehaviorTree(plain).WarmLines()

	leaf := &warmLeaf{line: new([64]byte)}
	leaf.log = &log
	leaf.Init(leaf, "a")
	seq := bt.NewSequence(leaf)
	lines := new([4][64]byte)
	seq.AddCondition(warmCond{lines})
	seq.AddCondition(warmCond{lines}) // the same lines: no more
	// The conditions' list and the condition's four lines, the leaf's one.
	if got, want := bt.NewBehaviorTree(seq).WarmLines(), base+1+4+1; got != want {
		t.Errorf("WarmLines = %d with a warming condition and leaf, want %d (%d without)", got, want, base)
	}
}

// warmObserver is an Observer that names lines of its own (bt.Warmer), as
// the host's event stream does.
type warmObserver struct{ lines *[3][64]byte }

func (warmObserver) TaskStarted(bt.Task)                       {}
func (warmObserver) TaskEnded(bt.Task, bt.Status, bt.EndCause) {}
func (o warmObserver) AppendWarm(dst []unsafe.Pointer) []unsafe.Pointer {
	for i := range o.lines {
		dst = append(dst, unsafe.Pointer(&o.lines[i]))
	}
	return dst
}

// The warm set holds the tree's Observer's lines when it is a Warmer, and
// is gathered again when the Observer changes (no structure change): set,
// replaced by a plain observer, and removed.
func TestWarmFollowsObserver(t *testing.T) {
	var log []string
	tr := bt.NewBehaviorTree(bt.NewSequence(newAct(&log, "a", R)))
	base := tr.WarmLines()
	tr.Observer = warmObserver{new([3][64]byte)}
	if got := tr.WarmLines(); got != base+3 {
		t.Errorf("WarmLines = %d with a warming observer, want %d", got, base+3)
	}
	tr.Observer = &bt.TraceObserver{}
	if got := tr.WarmLines(); got != base {
		t.Errorf("WarmLines = %d with a plain observer, want %d", got, base)
	}
	tr.Observer = nil
	if got := tr.WarmLines(); got != base {
		t.Errorf("WarmLines = %d with no observer, want %d", got, base)
	}
}
