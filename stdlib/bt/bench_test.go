package bt_test

import (
	"fmt"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// goLeaf is a plain Go action cycling through a fixed script.
type goLeaf struct {
	bt.Action
	script []bt.Status
	i      int
}

func newGoLeaf(script ...bt.Status) *goLeaf {
	l := &goLeaf{script: script}
	l.Init(l, "")
	return l
}

func (l *goLeaf) OnUpdate() bt.Status {
	s := l.script[l.i%len(l.script)]
	l.i++
	return s
}

// goCond is a Go conditional cycling through a fixed script.
type goCond struct {
	bt.Conditional
	script []bool
	i      int
}

func (c *goCond) OnUpdate() bt.Status {
	v := c.script[c.i%len(c.script)]
	c.i++
	if v {
		return bt.Success
	}
	return bt.Failure
}

func newGoCond(script ...bool) *goCond {
	c := &goCond{script: script}
	c.Init(c, "")
	return c
}

// tenNodeTree builds a 10-node tree mixing the built-in composites:
//
//	Selector
//	  Sequence(abort LowerPriority) [Cond, Leaf]
//	  Parallel [Leaf, Inverter(Leaf)]
//	  Sequence [Leaf]
func tenNodeTree() bt.Task {
	guarded := bt.NewSequence(newGoCond(false, false, true), newGoLeaf(bt.Running, bt.Success))
	guarded.Abort = bt.AbortLowerPriority
	return bt.NewSelector(
		guarded,
		bt.NewParallel(newGoLeaf(bt.Running, bt.Running, bt.Success), bt.NewInverter(newGoLeaf(bt.Success))),
		bt.NewSequence(newGoLeaf(bt.Running, bt.Failure)),
	)
}

func countNodes(t bt.Task) int {
	n := 1
	if p, ok := t.(bt.ParentTask); ok {
		for _, c := range p.Children() {
			n += countNodes(c)
		}
	}
	return n
}

func BenchmarkTick10Nodes(b *testing.B) {
	root := tenNodeTree()
	if n := countNodes(root); n != 10 {
		b.Fatalf("%d nodes", n)
	}
	tr := bt.NewBehaviorTree(root)
	tr.RestartWhenComplete = true
	for range 100 { // reach steady state (slices allocated once)
		tr.Tick(1.0 / 60)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		tr.Tick(1.0 / 60)
	}
}

func BenchmarkTick10NodesDecorators(b *testing.B) {
	root := bt.NewSequence(
		bt.NewRepeater(3, newGoLeaf(bt.Success)),
		bt.NewTimeout(100, bt.NewWait(0.05)),
		bt.NewRandomSelector(bt.NewRand(1), newGoLeaf(bt.Failure), newGoLeaf(bt.Success)),
		bt.NewUntilSuccess(newGoLeaf(bt.Failure, bt.Success)),
	)
	if n := countNodes(root); n != 10 {
		b.Fatalf("%d nodes", n)
	}
	tr := bt.NewBehaviorTree(root)
	tr.RestartWhenComplete = true
	for range 100 {
		tr.Tick(1.0 / 60)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		tr.Tick(1.0 / 60)
	}
}

func TestTickAllocatesNothing(t *testing.T) {
	tr := bt.NewBehaviorTree(tenNodeTree())
	tr.RestartWhenComplete = true
	for range 100 {
		tr.Tick(1.0 / 60)
	}
	if n := testing.AllocsPerRun(200, func() { tr.Tick(1.0 / 60) }); n != 0 {
		t.Fatalf("%v allocs per tick", n)
	}
}

// BenchmarkBuild builds big trees from scratch, then ticks them once (the
// first tick wakes and starts every task on the way down):
//
//   - chain-top-down: parent.AddChild(child) from the root down, the child
//     still childless (Sequence > Sequence > ... > leaf);
//   - chain-bottom-up: the same chain from the leaf up, the parent still a
//     root;
//   - parallel-wide: one Parallel with n leaf children.
//
// Each op builds one tree of n tasks (plus one leaf for the chains); the
// build-tick variants also tick it once.
func BenchmarkBuild(b *testing.B) {
	builds := []struct {
		name  string
		build func(n int) bt.Task
	}{
		{"chain-top-down", func(n int) bt.Task {
			root := bt.NewSequence()
			p := root
			for range n - 1 {
				c := bt.NewSequence()
				if err := p.AddChild(c); err != nil {
					b.Fatal(err)
				}
				p = c
			}
			if err := p.AddChild(newGoLeaf(bt.Running)); err != nil {
				b.Fatal(err)
			}
			return root
		}},
		{"chain-bottom-up", func(n int) bt.Task {
			var t bt.Task = newGoLeaf(bt.Running)
			for range n {
				p := bt.NewSequence()
				if err := p.AddChild(t); err != nil {
					b.Fatal(err)
				}
				t = p
			}
			return t
		}},
		{"parallel-wide", func(n int) bt.Task {
			p := bt.NewParallel()
			for range n {
				if err := p.AddChild(newGoLeaf(bt.Running)); err != nil {
					b.Fatal(err)
				}
			}
			return p
		}},
	}
	for _, bl := range builds {
		for _, n := range []int{20_000, 100_000} {
			b.Run(fmt.Sprintf("%s-%d", bl.name, n), func(b *testing.B) {
				for b.Loop() {
					bl.build(n)
				}
			})
			b.Run(fmt.Sprintf("%s-%d-tick", bl.name, n), func(b *testing.B) {
				for b.Loop() {
					if s := bt.NewBehaviorTree(bl.build(n)).Tick(1); s != bt.Running {
						b.Fatalf("first tick: %v", s)
					}
				}
			})
		}
	}
}
