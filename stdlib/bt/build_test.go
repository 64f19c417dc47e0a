package bt_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// countedSeq is a Sequence that counts the calls of Base and Children made
// on it: the work AddChild does to look for cycles.
type countedSeq struct {
	*bt.Sequence
	calls *int
}

func newCountedSeq(calls *int, name string) *countedSeq {
	s := &countedSeq{Sequence: bt.NewSequence(), calls: calls}
	s.Init(s, name)
	return s
}

func (s *countedSeq) Base() *bt.TaskBase  { *s.calls++; return s.Sequence.Base() }
func (s *countedSeq) Children() []bt.Task { *s.calls++; return s.Sequence.Children() }
func (s *countedSeq) Unwrap() bt.Task     { return s.Sequence }

// chainOrders build the chain nodes[0] > nodes[1] > ... > nodes[n-1]
// (each a child of the one before) in different orders; some hang a leaf
// on every node first, so that no child is childless when attached.
var chainOrders = []struct {
	name  string
	build func(t *testing.T, nodes []*countedSeq)
}{
	{"top-down", func(t *testing.T, nodes []*countedSeq) {
		for i := 1; i < len(nodes); i++ {
			mustAdd(t, nodes[i-1], nodes[i])
		}
	}},
	{"bottom-up", func(t *testing.T, nodes []*countedSeq) {
		for i := len(nodes) - 1; i > 0; i-- {
			mustAdd(t, nodes[i-1], nodes[i])
		}
	}},
	{"top-down-with-leaves", func(t *testing.T, nodes []*countedSeq) {
		for _, n := range nodes {
			mustAdd(t, n, bt.NewIdle())
		}
		for i := 1; i < len(nodes); i++ {
			mustAdd(t, nodes[i-1], nodes[i])
		}
	}},
	{"bottom-up-under-a-deep-parent", func(t *testing.T, nodes []*countedSeq) {
		// The top half top-down, the bottom half bottom-up, then joined
		// half by half: the parent is deep and the child has a subtree.
		half := len(nodes) / 2
		for i := 1; i < half; i++ {
			mustAdd(t, nodes[i-1], nodes[i])
		}
		for i := len(nodes) - 1; i > half; i-- {
			mustAdd(t, nodes[i-1], nodes[i])
		}
		mustAdd(t, nodes[half-1], nodes[half])
	}},
	{"random-edges", func(t *testing.T, nodes []*countedSeq) {
		order := rand.New(rand.NewPCG(1, 2)).Perm(len(nodes) - 1)
		for _, i := range order {
			mustAdd(t, nodes[i], nodes[i+1])
		}
	}},
	{"merged-segments", func(t *testing.T, nodes []*countedSeq) {
		// Segments of 1, 2, 4, ... joined pairwise: both sides of each
		// join are as large as they can be.
		for w := 1; w < len(nodes); w *= 2 {
			for i := w; i < len(nodes); i += 2 * w {
				mustAdd(t, nodes[i-1], nodes[i])
			}
		}
	}},
}

func mustAdd(t *testing.T, p bt.ParentTask, c bt.Task) {
	t.Helper()
	if err := p.AddChild(c); err != nil {
		t.Fatal(err)
	}
}

// Building a chain of n tasks costs O(n) task visits in each of these
// orders (the old ancestor walk cost O(n²) in three of them: 16,781,310
// visits top down), and cycles are still refused afterwards.
func TestBuildChainCost(t *testing.T) {
	const n = 4096
	const bound = 16 * n
	for _, o := range chainOrders {
		t.Run(o.name, func(t *testing.T) {
			calls := 0
			nodes := make([]*countedSeq, n)
			for i := range nodes {
				nodes[i] = newCountedSeq(&calls, "")
			}
			calls = 0
			o.build(t, nodes)
			if calls > bound {
				t.Errorf("building a %d-deep chain visited tasks %d times, want at most %d", n, calls, bound)
			}
			top, bottom := nodes[0], nodes[n-1]
			if got := bottom.Layer(); got != n-1 {
				t.Fatalf("bottom layer %d, want %d", got, n-1)
			}
			for _, c := range []struct {
				p, c *countedSeq
				want error
			}{
				{bottom, top, bt.ErrCycle},
				{bottom, nodes[n/2], bt.ErrCycle},
				{nodes[n/2], nodes[1], bt.ErrCycle},
				{bottom, bottom, bt.ErrCycle},
				{top, bottom, bt.ErrHasParent},
			} {
				if err := c.p.AddChild(c.c); !errors.Is(err, c.want) {
					t.Errorf("AddChild(layer %d under layer %d): %v, want %v", c.c.Layer(), c.p.Layer(), err, c.want)
				}
			}
		})
	}
}

// The cycle error names both tasks by path.
func TestCycleErrorMessage(t *testing.T) {
	root := name("Root", bt.NewSequence())
	mid := name("Mid", bt.NewSelector())
	low := name("Low", bt.NewSequence(bt.NewIdle()))
	mustAdd(t, root, mid)
	mustAdd(t, mid, low)
	err := low.AddChild(root)
	want := "bt: task would become its own ancestor: Root under Root/Mid[1]/Low[1]"
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v, want %q", err, want)
	}
	err = low.AddChild(mid)
	want = "bt: task would become its own ancestor: Root/Mid[1] under Root/Mid[1]/Low[1]"
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v, want %q", err, want)
	}
}

// deepChain returns a chain of n Sequences built bottom-up (cheap with
// any version of AddChild) over a leaf that returns Running, then Success,
// and so on.
func deepChain(n int) (root bt.Task, leaf *goLeaf) {
	leaf = newGoLeaf(bt.Running, bt.Success)
	leaf.Name = "L"
	var t bt.Task = leaf
	for range n {
		t = bt.NewSequence(t)
	}
	return t, leaf
}

// Path of a deep task costs a few allocations, not one per level (it
// used to build each level's string anew).
func TestPathOfDeepTask(t *testing.T) {
	const n = 2000
	_, leaf := deepChain(n)
	p := bt.Path(leaf)
	want := "Sequence" + strings.Repeat("/Sequence[1]", n-1) + "/L[1]"
	if p != want {
		t.Fatalf("path has %d bytes, want %d", len(p), len(want))
	}
	if allocs := testing.AllocsPerRun(5, func() { bt.Path(leaf) }); allocs > 8 {
		t.Errorf("Path of a %d-deep task: %v allocations, want at most 8", n, allocs)
	}
}

// A 100,000-deep tree ticks, ends, resets and renders as DOT.
func TestDeepChainLifecycle(t *testing.T) {
	const n = 100_000
	root, leaf := deepChain(n)
	tr := bt.NewBehaviorTree(root)
	if s := tr.Tick(1); s != bt.Running || !leaf.Started() || leaf.Layer() != n {
		t.Fatalf("first tick: %v, leaf started %v, layer %d", s, leaf.Started(), leaf.Layer())
	}
	tr.Halt()
	if leaf.Started() || root.Base().Started() {
		t.Fatal("Halt left tasks started")
	}
	bt.Reset(root)
	if leaf.Status() != bt.Inactive || root.Base().Status() != bt.Inactive {
		t.Fatalf("status after Reset: leaf %v, root %v", leaf.Status(), root.Base().Status())
	}
	tr.SetRoot(root)
	if s := tr.Tick(1); s != bt.Success || leaf.Started() || root.Base().Started() {
		t.Fatalf("tick after Reset: %v, leaf started %v", s, leaf.Started())
	}
	if d := bt.DOT(root); strings.Count(d, " -> ") != n {
		t.Fatalf("DOT has %d edges, want %d", strings.Count(d, " -> "), n)
	}
}

// A task's parent is set once: moving it would break the cycle check.
func TestSetParentRefusesAMove(t *testing.T) {
	a, b, c := name("A", bt.NewSequence()), name("B", bt.NewSequence()), name("C", bt.NewSequence())
	mustAdd(t, a, b)
	mustAdd(t, b, c)
	b.Base().SetParent(a, 0) // the same parent: allowed
	defer func() {
		want := "bt: SetParent: A/B[1]/C[1] has a parent already; a task's parent is set once"
		if r := recover(); r != want {
			t.Errorf("panic %v, want %q", r, want)
		}
	}()
	c.Base().SetParent(nil, 0)
}
