package stream

import (
	"reflect"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// A task keeps its node number on itself (bt.TaskBase.Mark) for the
// watch that numbered it; when another stream numbers the same tasks
// since (another host reporting a tree that holds them, at other
// places), the first stream still names each task's node rightly, and a
// task added after the numbering has none.
func TestNodeOfATaskNumberedElsewhere(t *testing.T) {
	a := bt.NewFuncAction(func() bt.Status { return bt.Success })
	b := bt.NewFuncAction(func() bt.Status { return bt.Success })
	seq := bt.NewSequence(a, b)
	tr := bt.NewBehaviorTree(seq)
	tr.RestartWhenComplete = true
	one := &fakeHost{agents: []int{1}, trees: map[int]*bt.BehaviorTree{1: tr}, errs: map[int]error{}, global: bt.NewBlackboard(nil)}
	e1 := New[int, string](one)
	var got []string
	e1.Subscribe(&Subscriber[int, string]{Fn: func(ev *Event[int, string]) {
		if ev.Kind == EventStarted || ev.Kind == EventEnded {
			got = append(got, line(ev))
		}
	}, All: true})
	one.tick(e1) // numbers seq n0, a n1, b n2

	// A second stream numbers the same tasks at other places: the selector
	// n0, x n1, seq n2, a n3, b n4.
	x := bt.NewFuncAction(func() bt.Status { return bt.Success })
	other := &fakeHost{agents: []int{1}, trees: map[int]*bt.BehaviorTree{1: bt.NewBehaviorTree(bt.NewSelector(x, seq))}, errs: map[int]error{}, global: bt.NewBlackboard(nil)}
	e2 := New[int, string](other)
	e2.Subscribe(&Subscriber[int, string]{Fn: func(*Event[int, string]) {}, All: true})
	e2.BeginTick()
	if m := seq.Base().Mark(); m != 3 {
		t.Fatalf("seq's mark after the second numbering: %d, want 3 (n2)", m)
	}

	// A task added to the first tree after it was numbered.
	late := bt.NewFuncAction(func() bt.Status { return bt.Success })
	seq.AddChild(late)
	got = got[:0]
	one.tick(e1)
	want := []string{
		"2 start a1 n0", "2 start a1 n1", "2 end a1 n1 Success", "2 start a1 n2", "2 end a1 n2 Success",
		"2 start a1", "2 end a1 Success", "2 end a1 n0 Success",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("events:\n got %q\nwant %q", got, want)
	}
}
