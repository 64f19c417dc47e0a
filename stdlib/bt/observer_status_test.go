package bt_test

import (
	"reflect"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// statusLog is a StatusObserver logging "NAME FROM>TO".
type statusLog struct{ log *[]string }

func (o statusLog) TaskStatus(t bt.Task, from bt.Status) {
	*o.log = append(*o.log, t.Base().Name+" "+from.String()+">"+t.Base().Status().String())
}

// TestStatusObserverHearsEveryChange: a tree's StatusObserver hears each
// change of a task's status when it happens, once (a Running task ticked
// Running again is no change): ticks, a precondition that fails its
// composite, and a reset; unset again, it hears nothing.
func TestStatusObserverHearsEveryChange(t *testing.T) {
	var logs []string
	a := newAct(&logs, "a", R, S)
	b := newAct(&logs, "b", R, R, S)
	seq := bt.NewSequence(a, b)
	seq.Name = "seq"
	open := true
	seq.AddCondition(bt.Precondition(func() bool { return open }))
	tr := bt.NewBehaviorTree(seq)
	tr.RestartWhenComplete = true
	var got []string
	tr.Statuses = statusLog{&got}

	tr.Tick(1) // a Running
	tr.Tick(1) // a Success, b Running (its script is at tick 2)
	tr.Tick(1) // b Success, seq Success
	open = false
	tr.Tick(1) // the precondition fails seq
	bt.Reset(seq)
	want := []string{
		"a Inactive>Running", "seq Inactive>Running",
		"a Running>Success", "b Inactive>Running",
		"b Running>Success", "seq Running>Success",
		"seq Success>Failure",
		"seq Failure>Inactive", "a Success>Inactive", "b Success>Inactive",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("status changes:\n got %q\nwant %q", got, want)
	}

	tr.Statuses = nil
	open = true
	tr.Tick(1)
	if len(got) != len(want) {
		t.Fatalf("unset, it heard %q", got[len(want):])
	}
}
