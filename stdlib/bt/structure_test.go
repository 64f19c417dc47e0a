package bt_test

import (
	"errors"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// tickPanic ticks tr once and returns what it panicked with.
func tickPanic(tr *bt.BehaviorTree) (r any) {
	defer func() { r = recover() }()
	tr.Tick(1)
	return nil
}

// A decorator ticked without a child is an error naming it (it used to
// fail quietly, like an empty composite).
func TestDecoratorWithoutChild(t *testing.T) {
	for _, d := range []bt.Task{
		bt.NewInverter(nil), bt.NewRepeater(2, nil), bt.NewUntilSuccess(nil), bt.NewUntilFailure(nil),
		bt.NewReturnSuccess(nil), bt.NewReturnFailure(nil), bt.NewCooldown(1, nil), bt.NewTimeout(1, nil),
		bt.NewInterrupt(nil), bt.NewConditionalEvaluator(bt.NewIdle(), nil),
	} {
		var log []string
		root := name("Root", bt.NewSequence(newAct(&log, "A"), d))
		r := tickPanic(bt.NewBehaviorTree(root))
		var se *bt.StructureError
		if err, ok := r.(error); !ok || !errors.As(err, &se) || se.Task != d {
			t.Errorf("%s: panic %v, want a *bt.StructureError naming it", bt.Kind(d), r)
			continue
		}
		want := "bt: decorator Root/" + bt.Kind(d) + "[2] has no child; add one with AddChild"
		if se.Error() != want {
			t.Errorf("error %q, want %q", se.Error(), want)
		}
		if len(log) != 2 || log[0] != "start A" || log[1] != "end A" {
			t.Errorf("%s: log %v: the first child ran before", bt.Kind(d), log)
		}
	}
}

// A ConditionalEvaluator without its conditional task is an error too.
func TestEvaluatorWithoutConditional(t *testing.T) {
	e := bt.NewConditionalEvaluator(nil, bt.NewIdle())
	r := tickPanic(bt.NewBehaviorTree(e))
	err, _ := r.(error)
	want := "bt: ConditionalEvaluator has no conditional task to evaluate; give it one when making it"
	if err == nil || err.Error() != want {
		t.Errorf("panic %v, want %q", r, want)
	}
}

// located is a decorator that knows where it was made, as a Lua task does.
type located struct{ *bt.Inverter }

func (l located) Location() string { return "ai.lua:7" }

func TestStructureErrorLocation(t *testing.T) {
	l := located{bt.NewInverter(nil)}
	l.Init(l, "Guard")
	r := tickPanic(bt.NewBehaviorTree(l))
	err, _ := r.(error)
	want := "ai.lua:7: bt: decorator Guard has no child; add one with AddChild"
	if err == nil || err.Error() != want {
		t.Errorf("panic %v, want %q", r, want)
	}
}
